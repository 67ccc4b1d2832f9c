export default function NotFoundPage() {
  return (
    <section className="container not-found">
      <h1>Ups! Parece que la página no existe</h1>
      <p>Puede que el enlace esté mal escrito o que la página se haya movido.</p>
      <p>
        <a className="btn" href="/">
          Volver al inicio
        </a>
      </p>
    </section>
  );
}
