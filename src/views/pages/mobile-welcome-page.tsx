export default function MobileWelcomePage() {
  return (
    <section className="container center mobile-welcome">
      <h1>Bienvenido</h1>
      <p>Tu tienda online y tus pedidos, en tu celular.</p>
      <button type="button" className="btn btn-primary">
        Comenzar
      </button>
    </section>
  );
}
