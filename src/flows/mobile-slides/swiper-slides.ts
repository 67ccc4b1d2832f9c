import Swiper from 'swiper';
import 'swiper/css';

/** Loaded on demand by the app welcome: Swiper and its CSS stay out of the first load. */

export interface SlidesSetup {
  initialSlide: number;
  reducedMotion: boolean;
  /** The visitor swiped to another slide. */
  onSwipe: (index: number) => void;
}

export function createSlides(container: HTMLElement, setup: SlidesSetup): Swiper {
  return new Swiper(container, {
    slidesPerView: 1,
    initialSlide: setup.initialSlide,
    speed: setup.reducedMotion ? 0 : 300,
    resistanceRatio: 0.5,
    on: {
      slideChange: (swiper) => setup.onSwipe(swiper.activeIndex),
    },
  });
}

export type { Swiper };
