import { lazy, Suspense, type ComponentType } from 'react';
import { Hero } from '../home/hero';
import { Highlights, StartToday } from '../home/highlights';
import '../home/home.css';

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
