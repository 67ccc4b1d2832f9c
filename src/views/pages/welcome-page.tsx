export default function WelcomePage() {
  return (
    <section className="container center welcome">
      <h1>Bienvenido</h1>
      <p className="status" role="status">
        <span className="spinner" aria-hidden="true" /> PREPARANDO TU CUENTA...
      </p>
    </section>
  );
}
