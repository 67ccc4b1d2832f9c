import Swiper from 'swiper';
import { A11y, Autoplay } from 'swiper/modules';
import 'swiper/css';
import { CAROUSEL_COPY } from '../../content/carousel';

/** Loaded on demand by <Carousel>: Swiper, its modules and its CSS stay out of the first load. */

export interface CarouselSetup {
  autoplayMs: number;
  /** Slides per view from each minimum viewport width (px), starting at 0. */
  perView: Readonly<Record<number, number>>;
  gapPx: number;
  reducedMotion: boolean;
}

export function createCarousel(container: HTMLElement, setup: CarouselSetup): Swiper {
  const breakpoints: Record<number, { slidesPerView: number }> = {};
  for (const [min, count] of Object.entries(setup.perView))
    breakpoints[Number(min)] = { slidesPerView: count };
  return new Swiper(container, {
    modules: [A11y, Autoplay],
    slidesPerView: setup.perView[0] ?? 1,
    spaceBetween: setup.gapPx,
    breakpoints,
    rewind: true,
    speed: setup.reducedMotion ? 0 : 450,
    autoplay: {
      // Always set up (hover pause is wired at init); <Carousel> stops it when paused.
      enabled: true,
      delay: setup.autoplayMs,
      pauseOnMouseEnter: true,
      disableOnInteraction: false,
    },
    a11y: {
      enabled: true,
      slideLabelMessage: CAROUSEL_COPY.posicion('{{index}}', '{{slidesLength}}'),
      itemRoleDescriptionMessage: CAROUSEL_COPY.diapositiva,
      prevSlideMessage: CAROUSEL_COPY.anterior,
      nextSlideMessage: CAROUSEL_COPY.siguiente,
      firstSlideMessage: CAROUSEL_COPY.primera,
      lastSlideMessage: CAROUSEL_COPY.ultima,
    },
  });
}

export type { Swiper };
