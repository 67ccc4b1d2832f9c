import { whatsappLink } from '../../config';
import { Accordion } from '../components/accordion';
import { PageHeading } from '../components/page-heading';

const CALL_MESSAGE = 'Hola! Quiero coordinar una llamada para conocer la propuesta de marca blanca.';

const HIGHLIGHTS = [
  'Vendé tiendas online con tu propia marca',
  'Trasladá el costo a tus clientes',
  'Pagá solo por clientes confirmados',
];

const AREAS = [
  'Recepción de pedidos',
  'Gestión de ventas',
  'Catálogo y stock',
  'Finanzas y reportes',
  'Promoción',
];

const FAQ = [
  {
    id: 'marca',
    title: '¿Mis clientes ven mi marca?',
    content: <p>Sí. Tus clientes usan la plataforma con tu nombre y tu logo.</p>,
  },
  {
    id: 'pago',
    title: '¿Cuándo pago?',
    content: <p>Pagás únicamente por los clientes que confirman su suscripción.</p>,
  },
  {
    id: 'soporte',
    title: '¿Quién da soporte?',
    content: (
      <p>Te acompañamos en la puesta en marcha y te damos soporte para que atiendas a tus clientes.</p>
    ),
  },
];

export default function WhiteLabelPage() {
  return (
    <>
      <PageHeading title="Tiendas online con tu propia marca">
        <p>Sumá a tu oferta una plataforma de tiendas online sin desarrollar nada.</p>
        <a
          className="btn btn-primary"
          href={whatsappLink(CALL_MESSAGE)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Coordinar una llamada por WhatsApp
        </a>
      </PageHeading>
      <section className="container" aria-labelledby="mb-destacados">
        <h2 id="mb-destacados">Por qué marca blanca</h2>
        <ul className="card-grid">
          {HIGHLIGHTS.map((h) => (
            <li key={h} className="card">
              {h}
            </li>
          ))}
        </ul>
      </section>
      <section className="container" aria-labelledby="mb-areas">
        <h2 id="mb-areas">Áreas de gestión</h2>
        <ul className="checklist">
          {AREAS.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </section>
      <section className="container" aria-labelledby="mb-plan">
        <h2 id="mb-plan">Un único plan mensual</h2>
        <article className="card plan-card">
          <h3>Plan Marca Blanca</h3>
          <p>Abono mensual por cada cliente confirmado, con todas las funciones incluidas.</p>
        </article>
      </section>
      <section className="container" aria-labelledby="mb-faq">
        <h2 id="mb-faq">Preguntas frecuentes</h2>
        <Accordion items={FAQ} />
      </section>
      <section className="container cta-box">
        <h2>¿Hablamos?</h2>
        <a
          className="btn btn-primary"
          href={whatsappLink(CALL_MESSAGE)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Coordinar una llamada
        </a>
      </section>
    </>
  );
}
