import { PageHeading } from '../ui/page-heading';

const POINTS = [
  { title: 'Catálogo ilimitado', text: 'Carga todos tus productos con fotos, variantes y precios.' },
  { title: 'Pedidos por WhatsApp', text: 'Tus clientes arman el carrito y el pedido te llega ordenado.' },
  { title: '0\u00a0% de comisión', text: 'Pagas un abono mensual fijo. Lo que vendes es tuyo.' },
];

export default function OnlineStorePage() {
  return (
    <>
      <PageHeading title="Tu tienda online, lista para vender">
        <p>Sin comisiones por venta, con tu propio enlace y código QR.</p>
        <a className="btn btn-primary" href="/registro">
          Comenzar Ahora
        </a>
      </PageHeading>
      <section className="container card-grid" aria-label="Ventajas">
        {POINTS.map((p) => (
          <article key={p.title} className="card">
            <h2>{p.title}</h2>
            <p>{p.text}</p>
          </article>
        ))}
      </section>
    </>
  );
}
