import { useEffect, useRef, type RefObject } from 'react';
import type { Swiper } from './swiper-slides';

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
/** A press that moved at least this far sideways (and more sideways than down) is a swipe. */
const SWIPE_MIN_PX = 40;

export interface SwipeSlides {
  enabled: boolean;
  /** The slide to show. */
  index: number;
  count: number;
  /** The slide to show right now (read when Swiper starts, which may be between renders). */
  currentIndex: () => number;
  /** A swipe to `swiped`; answers the slide to show after it (a refused swipe springs back). */
  onSwipe: (swiped: number) => number;
}

/**
 * Swipe between the slides of `containerRef` (which has Swiper's markup) with Swiper, loaded on
 * the visitor's first press on the slides so it stays out of the page load. That first press is
 * handed to Swiper once it is ready; if Swiper was not ready in time to see the swipe, its start
 * and end points decide, so the first swipe is never lost.
 */
export function useSwipeSlides(containerRef: RefObject<HTMLElement | null>, slides: SwipeSlides): void {
  const { enabled, index } = slides;
  const swiperRef = useRef<Swiper | null>(null);
  const latest = useRef(slides);
  useEffect(() => {
    latest.current = slides;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!enabled || !container) return;
    let cancelled = false;
    let loading = false;
    /** The press that started while Swiper was not ready, until it ends. */
    let firstPress: PointerEvent | null = null;
    let swiperSawIt = false;

    const load = () => {
      loading = true;
      import('./swiper-slides')
        .then(({ createSlides }) => {
          if (cancelled) return;
          const swiper = createSlides(container, {
            initialSlide: latest.current.currentIndex(),
            reducedMotion: window.matchMedia(REDUCED_MOTION_QUERY).matches,
            onSwipe: (swiped) => {
              swiperSawIt = true;
              const shown = latest.current.onSwipe(swiped);
              if (shown !== swiped) swiper.slideTo(shown);
            },
          });
          swiperRef.current = swiper;
          if (firstPress?.target)
            firstPress.target.dispatchEvent(new PointerEvent('pointerdown', firstPress));
        })
        .catch((error: unknown) => console.error('No se pudo cargar el deslizador', error));
    };
    const onPress = (event: PointerEvent) => {
      if (swiperRef.current) return;
      if (!loading) load();
      // Like Swiper, a press on a control is not a swipe.
      const onControl = event.target instanceof Element && event.target.closest('button, a');
      firstPress = onControl ? null : event;
      swiperSawIt = false;
    };
    const onRelease = (event: PointerEvent) => {
      const start = firstPress;
      firstPress = null;
      // Swiper handles the release first (it listens on the document): it may have taken the swipe.
      if (!start || swiperSawIt || event.type !== 'pointerup') return;
      const dx = event.clientX - start.clientX;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(event.clientY - start.clientY)) return;
      const { currentIndex, count, onSwipe } = latest.current;
      const current = currentIndex();
      const swiped = Math.min(count - 1, Math.max(0, current + (dx < 0 ? 1 : -1)));
      if (swiped === current) return;
      const shown = onSwipe(swiped);
      swiperRef.current?.slideTo(shown);
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
