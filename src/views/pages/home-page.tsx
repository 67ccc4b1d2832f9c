import { PageHeading } from '../components/page-heading';

const SECTIONS = [
  { id: 'beneficios', title: 'Beneficios' },
  { id: 'descubrir', title: 'Descubrí todo lo que podés hacer' },
  { id: 'planes', title: 'Planes & Precios' },
  { id: 'faq', title: 'Preguntas Frecuentes' },
  { id: 'registro', title: 'Registrate' },
];

export default function HomePage() {
  return (
    <>
      <div id="inicio">
        <PageHeading title="Tu tienda online con 0 % de comisión">
          <p>Recibí pedidos por WhatsApp con tu propia tienda online. Abono mensual fijo, sin comisiones.</p>
          <a className="btn btn-primary" href="/registro">
            Comenzar Ahora
          </a>
        </PageHeading>
      </div>
      {SECTIONS.map((s) => (
        <section key={s.id} id={s.id} className="container section">
          <h2>{s.title}</h2>
        </section>
      ))}
    </>
  );
}
