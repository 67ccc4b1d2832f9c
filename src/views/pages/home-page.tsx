import { lazy, Suspense, type ComponentType } from 'react';
import { Hero } from '../home/hero';
import { Highlights, StartToday } from '../home/highlights';
import '../home/home.css';

/*
 * Home landing (/, /gastronomicos): every section of spec section 2, in order.
 *
 * The first screen (hero, highlights, 'Empieza hoy') hydrates with this chunk. Everything below
 * it is prerendered in full as well, but its code (copy, carousels, pricing, FAQ) is a separate
 * chunk requested during hydration: React keeps a suspended boundary's server HTML and hydrates
 * it when the code arrives, so the page's first JavaScript stays small. While prerendering the
 * same module is awaited up front (import.meta.env.SSR is a build-time constant, so the client
 * bundle keeps only the lazy import) and the boundary renders synchronously.
 */
const ssrRest: ComponentType | null = import.meta.env.SSR
  ? (await import('../home/home-rest')).default
  : null;
const HomeRest = ssrRest ?? lazy(() => import('../home/home-rest'));

export default function HomePage() {
  return (
    <>
      <Hero />
      <Highlights />
      <StartToday />
      <Suspense fallback={null}>
        <HomeRest />
      </Suspense>
    </>
  );
}
