import { config } from '../config';
import { PageHeading } from '../ui/page-heading';

const MESSAGE = '¡Hola! Esto es una prueba de enlace.';

/** Internal page: the three WhatsApp link formats side by side. */
export default function WhatsappTestPage() {
  const text = encodeURIComponent(MESSAGE);
  const links = [
    { label: 'wa.me', href: `https://wa.me/${config.chatNumber}?text=${text}` },
    {
      label: 'api.whatsapp.com',
      href: `https://api.whatsapp.com/send?phone=${config.chatNumber}&text=${text}`,
    },
    { label: 'whatsapp://', href: `whatsapp://send?phone=${config.chatNumber}&text=${text}` },
  ];
  return (
    <>
      <PageHeading title="Prueba de enlaces de WhatsApp" />
      <section className="container">
        <ul className="stack">
          {links.map((l) => (
            <li key={l.label}>
              <a className="btn" href={l.href} rel="noopener noreferrer">
                Formato {l.label}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
