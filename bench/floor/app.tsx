/** The floor page: the least a prerendered, hydrated React 19 page can be. */
export function App() {
  return (
    <main>
      <h1>Página de referencia</h1>
      <p>
        Una página prerenderizada con React 19 y nada más: la vara con la que se mide cuánto tarda en cargar
        cada página del sitio.
      </p>
    </main>
  );
}
