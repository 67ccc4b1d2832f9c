import { lazy, Suspense, type ComponentType } from 'react';
import { StaticHtml } from '../components/static-html';
import { Hero } from '../home/hero';
import '../home/home.css';

/*
 * Home landing (/, /gastronomicos): every section of spec section 2, in order.
 *
 * The hero hydrates with this chunk; highlights and 'Empieza hoy' stay server HTML (StaticHtml),
 * so neither their code nor their icons reach the browser. Everything below them is prerendered in
 * full as well, but its code (copy, carousels, pricing, FAQ) is a separate chunk requested during
 * hydration: React keeps a suspended boundary's server HTML and hydrates
 * it when the code arrives, so the page's first JavaScript stays small. While prerendering the
 * same module is awaited up front (import.meta.env.SSR is a build-time constant, so the client
 * bundle keeps only the lazy import) and the boundary renders synchronously.
 */
const ssrRest: ComponentType | null = import.meta.env.SSR
  ? (await import('../home/home-rest')).default
  : null;
const HomeRest = ssrRest ?? lazy(() => import('../home/home-rest'));
const firstScreen = import.meta.env.SSR || import.meta.env.DEV ? await import('../home/highlights') : null;

export default function HomePage() {
  return (
    <>
      <Hero />
      <StaticHtml>
        {firstScreen && (
          <>
            <firstScreen.Highlights />
            <firstScreen.StartToday />
          </>
        )}
      </StaticHtml>
      <Suspense fallback={null}>
        <HomeRest />
      </Suspense>
    </>
  );
}
