import { config } from '../config';
import { WHATSAPP_TEST_COPY as COPY } from '../content/whatsapp-test';
import { pageByKey } from '../content/pages';
import { PageHeading } from '../ui/page-heading';

/** Internal page: the three WhatsApp link formats side by side. */
export default function WhatsappTestPage() {
  const text = encodeURIComponent(COPY.mensaje);
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
      <PageHeading title={pageByKey('test').h1} />
      <section className="container">
        <ul className="stack">
          {links.map((l) => (
            <li key={l.label}>
              <a className="btn" href={l.href} rel="noopener noreferrer">
                {COPY.formato(l.label)}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
