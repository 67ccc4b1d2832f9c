import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useHydrated } from '../../ui/hooks/use-hydrated';
import { CAROUSEL_COPY } from '../../content/carousel';
import {
  LANDING_CAROUSEL_RESPONSIVE,
  MOBILE_MAX_WIDTH_PX,
  TESTIMONIALS_PER_VIEW,
} from '../../domain/constants';
import { NOTIFICATION_COPY } from '../../flows/notification/copy';
import { Notification } from '../../flows/notification/notification';
import { HomeSection } from '../../ui/home-section';
import { retryOnce } from '../../ui/retry-import';
import type { Swiper } from './swiper-carousel';
import { ContentIcon } from '../../ui/content-icon';

interface CarouselSlide {
  key: string;
  content: ReactNode;
}

export interface CarouselProps {
  label: string;
  slides: readonly CarouselSlide[];
  autoplayMs: number;
  /** Slides per view from each minimum viewport width; must match the CSS of `variant`. */
  perView: Readonly<Record<number, number>>;
  /** CSS variant: sets the slide widths of the static layout (see home.css). */
  variant: 'testimonials' | 'landing';
  /** 'mobile': a carousel only at MOBILE_MAX_WIDTH_PX or less, a grid otherwise. */
  only?: 'mobile';
}

const { tablet, desktop, mobile } = LANDING_CAROUSEL_RESPONSIVE;

/** Slides per view from each minimum viewport width (spec section 9); home.css mirrors them. */
export const LANDING_PER_VIEW_BY_WIDTH = {
  0: mobile.items,
  [tablet.min]: tablet.items,
  [desktop.min]: desktop.items,
} as const;
export const TESTIMONIALS_PER_VIEW_BY_WIDTH = {
  0: TESTIMONIALS_PER_VIEW.mobile,
  [tablet.min]: TESTIMONIALS_PER_VIEW.tablet,
  [desktop.min]: TESTIMONIALS_PER_VIEW.desktop,
} as const;

/** The optional plugin this widget loads, as named in the danger notification when it fails. */
const PLUGIN_NAME = 'Swiper';

/** Space between slides; home.css uses the same value (--carousel-gap). */
const CAROUSEL_GAP_PX = 16;

const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribeMedia(query: string) {
  return (onChange: () => void) => {
    const mql = window.matchMedia(query);
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  };
}

/** A media query's state; false while prerendering and hydrating, so the markup matches. */
function useMediaQuery(query: string): boolean {
  const subscribe = useMemo(() => subscribeMedia(query), [query]);
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * A carousel whose prerendered markup already has Swiper's structure and, through home.css,
 * the same slide widths Swiper computes. Swiper (code-split) is attached to that same DOM
 * once the carousel nears the viewport, so nothing moves when it starts. Autoplay pauses on
 * hover, on keyboard focus and with the pause button; it is off with prefers-reduced-motion.
 */
export function Carousel({ label, slides, autoplayMs, perView, variant, only }: CarouselProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const swiperRef = useRef<Swiper | null>(null);
  const [ready, setReady] = useState(false);
  const [pluginMissing, setPluginMissing] = useState(false);
  /** The visitor's own choice with the pause button; by default paused only with reduced motion. */
  const [pausedByUser, setPausedByUser] = useState<boolean | null>(null);
  const [focusWithin, setFocusWithin] = useState(false);
  const hydrated = useHydrated();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const active = hydrated && (only !== 'mobile' || isMobile);
  const paused = pausedByUser ?? reducedMotion;
  const wrapperId = useId();

  useEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return;
    const reduced = window.matchMedia(REDUCED_MOTION_QUERY).matches;
    let cancelled = false;
    const start = () => {
      retryOnce(() => import('./swiper-carousel'))()
        .then(({ createCarousel }) => {
          if (cancelled) return;
          swiperRef.current = createCarousel(container, {
            autoplayMs,
            perView,
            gapPx: CAROUSEL_GAP_PX,
            reducedMotion: reduced,
          });
          setReady(true);
        })
        .catch((error: unknown) => {
          console.error('No se pudo cargar el carrusel', error);
          // The static track still scrolls with the buttons; the notice says what is missing.
          if (!cancelled) setPluginMissing(true);
        });
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(container);
    return () => {
      cancelled = true;
      observer.disconnect();
      swiperRef.current?.destroy(true, true);
      swiperRef.current = null;
      setReady(false);
    };
    // perView is a constant object per carousel; restarting on identity changes is not wanted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, autoplayMs]);

  // One place decides whether autoplay runs: the pause button and keyboard focus stop it.
  useEffect(() => {
    const autoplay = swiperRef.current?.autoplay;
    if (!ready || !autoplay) return;
    const shouldRun = !paused && !focusWithin;
    if (shouldRun && !autoplay.running) autoplay.start();
    if (!shouldRun && autoplay.running) autoplay.stop();
  }, [ready, paused, focusWithin]);

  const step = (direction: 1 | -1) => {
    const swiper = swiperRef.current;
    if (swiper) {
      if (direction === 1) swiper.slideNext();
      else swiper.slidePrev();
      return;
    }
    // Swiper not loaded yet: scroll the static track by one slide.
    const first = containerRef.current?.querySelector<HTMLElement>('.swiper-slide');
    containerRef.current?.scrollBy({ left: direction * ((first?.offsetWidth ?? 0) + CAROUSEL_GAP_PX) });
  };

  const classes = ['carousel', `carousel--${variant}`, only === 'mobile' ? 'carousel--mobile-only' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={classes}
      {...(active
        ? { role: 'region', 'aria-roledescription': CAROUSEL_COPY.carrusel, 'aria-label': label }
        : {})}
      onFocus={() => setFocusWithin(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
      }}
    >
      <div className="carousel-controls">
        <button
          type="button"
          className="carousel-button"
          aria-controls={wrapperId}
          aria-label={CAROUSEL_COPY.anterior}
          onClick={() => step(-1)}
        >
          <ContentIcon name="chevron-left" size={22} strokeWidth={2} />
        </button>
        <button
          type="button"
          className="carousel-button"
          aria-label={paused ? CAROUSEL_COPY.reanudar : CAROUSEL_COPY.pausar}
          onClick={() => setPausedByUser(!paused)}
        >
          {/* Keyed: a new <use> takes its link to the sprite when it mounts. */}
          <ContentIcon
            key={paused ? 'play' : 'pause'}
            name={paused ? 'play' : 'pause'}
            size={20}
            strokeWidth={2}
          />
        </button>
        <button
          type="button"
          className="carousel-button"
          aria-controls={wrapperId}
          aria-label={CAROUSEL_COPY.siguiente}
          onClick={() => step(1)}
        >
          <ContentIcon name="chevron-right" size={22} strokeWidth={2} />
        </button>
      </div>
      {pluginMissing && (
        <div className="notification-slot">
          <Notification message={NOTIFICATION_COPY.pluginFaltante(PLUGIN_NAME)} tone="danger" />
        </div>
      )}
      <div className="swiper" ref={containerRef}>
        <div className="swiper-wrapper" id={wrapperId}>
          {slides.map((slide) => (
            <div className="swiper-slide" key={slide.key}>
              {slide.content}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** A home section whose body is a lead line and a carousel (showcase, testimonials). */
export function CarouselSection({
  titleId,
  copy,
  className,
  children,
  ...carousel
}: Omit<CarouselProps, 'label'> & {
  titleId: string;
  copy: { titulo: string; bajada: string; carrusel: string };
  className: string;
  /** What follows the carousel (the demo link). */
  children?: ReactNode;
}) {
  return (
    <HomeSection titleId={titleId} title={copy.titulo} className={className}>
      <p className="section-lead">{copy.bajada}</p>
      <Carousel label={copy.carrusel} {...carousel} />
      {children}
    </HomeSection>
  );
}
