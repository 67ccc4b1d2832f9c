import { useEffect, useRef, type RefObject } from 'react';
import type { Swiper } from './swiper-slides';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Swipe between the slides of `containerRef` (which has Swiper's markup) with Swiper, loaded on
 * the visitor's first press on the slides so it stays out of the page load. The press that
 * triggered the load is handed to Swiper once it is ready, so that first swipe works too.
 * `index` is the slide to show; `onSwipe` reports a swipe and answers the slide to show after it
 * (a refused swipe springs back).
 */
export function useSwipeSlides(
  containerRef: RefObject<HTMLElement | null>,
  enabled: boolean,
  index: number,
  onSwipe: (swiped: number) => number,
): void {
  const swiperRef = useRef<Swiper | null>(null);
  const indexRef = useRef(index);
  const onSwipeRef = useRef(onSwipe);
  useEffect(() => {
    indexRef.current = index;
    onSwipeRef.current = onSwipe;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!enabled || !container) return;
    let cancelled = false;
    let loading = false;
    let pressed: PointerEvent | null = null;

    const load = () => {
      loading = true;
      import('./swiper-slides')
        .then(({ createSlides }) => {
          if (cancelled) return;
          const swiper = createSlides(container, {
            initialSlide: indexRef.current,
            reducedMotion: window.matchMedia(REDUCED_MOTION_QUERY).matches,
            onSwipe: (swiped) => {
              const shown = onSwipeRef.current(swiped);
              if (shown !== swiped) swiper.slideTo(shown);
            },
          });
          swiperRef.current = swiper;
          if (pressed?.target) pressed.target.dispatchEvent(new PointerEvent('pointerdown', pressed));
          pressed = null;
        })
        .catch((error: unknown) => console.error('No se pudo cargar el deslizador', error));
    };
    const onPress = (event: PointerEvent) => {
      if (swiperRef.current) return;
      pressed = event;
      if (!loading) load();
    };
    const onRelease = () => {
      pressed = null;
    };
    container.addEventListener('pointerdown', onPress);
    window.addEventListener('pointerup', onRelease);
    window.addEventListener('pointercancel', onRelease);
    return () => {
      cancelled = true;
      container.removeEventListener('pointerdown', onPress);
      window.removeEventListener('pointerup', onRelease);
      window.removeEventListener('pointercancel', onRelease);
      swiperRef.current?.destroy(true, true);
      swiperRef.current = null;
    };
  }, [containerRef, enabled]);

  useEffect(() => {
    const swiper = swiperRef.current;
    if (swiper && swiper.activeIndex !== index) swiper.slideTo(index);
  }, [index]);
}
