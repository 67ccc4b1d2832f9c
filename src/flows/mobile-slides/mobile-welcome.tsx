import { useSelector } from '@xstate/react';
import { BadgePercent, Clock, MessageCircle, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { CAROUSEL_COPY } from '../../content/carousel';
import { HIGHLIGHTS } from '../../content/home/highlights';
import type { HighlightIcon } from '../../content/home/types';
import type { mobileSlidesMachine } from './mobile-slides.machine';
import { useHydrated } from '../../ui/hooks/use-hydrated';
import { CookieNotice } from '../../ui/layout/cookie-notice';
import { MOBILE_WELCOME_COPY as COPY } from './copy';
import { useSwipeSlides } from './use-swipe-slides';
import './mobile-welcome.css';
import { useAbortRedirectOnReturn } from '../../ui/hooks/use-abort-redirect-on-return';
import { useFlowActor } from '../../ui/hooks/use-flow-actor';
import { mobileSlidesLogic } from './mobile-slides.wiring';

type Snapshot = SnapshotFrom<typeof mobileSlidesMachine>;

const SLIDE_COUNT = 2;
/** Slide 1 while in slide1; slide 2 while on it and while redirecting from it. */
const slideIndexOf = (s: Snapshot): number => (s.matches('slide1') ? 0 : 1);

const ICONS: Readonly<Record<HighlightIcon, LucideIcon>> = {
  percent: BadgePercent,
  whatsapp: MessageCircle,
  clock: Clock,
  shield: ShieldCheck,
};

function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}

/** A slide's button: enabled while the machine accepts its event, a spinner while it redirects. */
function SlideButton({
  className,
  enabled,
  busy,
  onPress,
  children,
}: {
  className: string;
  enabled: boolean;
  busy?: boolean;
  onPress: () => void;
  children: string;
}) {
  return (
    <button type="button" className={className} disabled={!enabled} aria-busy={busy} onClick={onPress}>
      {busy && <Spinner />} {children}
    </button>
  );
}

/**
 * The Android app's welcome (spec section 2): two slides driven by the mobile slides machine.
 * The prerendered HTML already has Swiper's structure; Swiper only adds the swipe: a swipe sends
 * slide.next or slide.back, and the machine's state decides which slide shows.
 */
export function MobileWelcome() {
  const actor = useFlowActor(mobileSlidesLogic);
  const index = useSelector(actor, slideIndexOf);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const toTrial = useSelector(actor, (s) => s.matches({ redirecting: 'trial' }));
  const toAccount = useSelector(actor, (s) => s.matches({ redirecting: 'account' }));
  const canNext = useSelector(actor, (s) => s.can({ type: 'slide.next' }));
  const canBack = useSelector(actor, (s) => s.can({ type: 'slide.back' }));
  const canTrial = useSelector(actor, (s) => s.can({ type: 'trial.start' }));
  const canAccount = useSelector(actor, (s) => s.can({ type: 'account.open' }));
  const hydrated = useHydrated();
  const containerRef = useRef<HTMLDivElement>(null);

  useSwipeSlides(containerRef, {
    enabled: hydrated,
    index,
    count: SLIDE_COUNT,
    currentIndex: () => slideIndexOf(actor.getSnapshot()),
    onSwipe: (swiped) => {
      actor.send({ type: swiped > 0 ? 'slide.next' : 'slide.back' });
      return slideIndexOf(actor.getSnapshot());
    },
  });

  const shownIndex = useRef(index);
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    // Focus left on the slide that just became inert would be lost: take it to the new slide.
    const slide = containerRef.current?.querySelectorAll<HTMLElement>('.mobile-slide')[index];
    if (slide && !slide.contains(document.activeElement)) slide.focus({ preventScroll: true });
  }, [index]);

  useAbortRedirectOnReturn(actor);

  const slideProps = (position: number) => ({
    className: 'swiper-slide mobile-slide',
    role: 'group',
    'aria-roledescription': CAROUSEL_COPY.diapositiva,
    'aria-label': COPY.posicion(position + 1, SLIDE_COUNT),
    inert: index !== position,
    tabIndex: -1,
  });

  return (
    <div className="app-screen">
      <section
        className="mobile-welcome"
        aria-roledescription={CAROUSEL_COPY.carrusel}
        aria-label={COPY.region}
      >
        <h1 className="mobile-title">{COPY.titulo}</h1>
        <div className="swiper mobile-slides" ref={containerRef} data-slide={index + 1}>
          <div className="swiper-wrapper">
            <div {...slideProps(0)}>
              <div className="mobile-slide-body">
                <span className="mobile-badge" aria-hidden="true">
                  <MessageCircle size={40} strokeWidth={1.6} />
                </span>
                <p className="mobile-lead">{COPY.intro}</p>
                <p>{COPY.detalle}</p>
              </div>
              <div className="mobile-actions">
                <SlideButton
                  className="btn btn-primary"
                  enabled={canNext}
                  onPress={() => actor.send({ type: 'slide.next' })}
                >
                  {COPY.comenzar}
                </SlideButton>
              </div>
            </div>
            <div {...slideProps(1)}>
              <div className="mobile-slide-body">
                <h2>{COPY.beneficiosTitulo}</h2>
                <ul className="mobile-benefits">
                  {HIGHLIGHTS.map((h) => {
                    const Icon = ICONS[h.icon];
                    return (
                      <li key={h.titulo}>
                        <Icon
                          className="mobile-benefit-icon"
                          size={24}
                          aria-hidden="true"
                          strokeWidth={1.8}
                        />
                        <span>
                          <strong>{h.titulo}</strong>
                          <span>{h.detalle}</span>
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </div>
              <div className="mobile-actions">
                <SlideButton
                  className="btn btn-primary"
                  enabled={canTrial}
                  busy={toTrial}
                  onPress={() => actor.send({ type: 'trial.start' })}
                >
                  {COPY.prueba}
                </SlideButton>
                <SlideButton
                  className="btn"
                  enabled={canAccount}
                  busy={toAccount}
                  onPress={() => actor.send({ type: 'account.open' })}
                >
                  {COPY.cuenta}
                </SlideButton>
                <p className="visually-hidden" role="status">
                  {busy ? COPY.redirigiendo : ''}
                </p>
                <SlideButton
                  className="mobile-back"
                  enabled={canBack}
                  onPress={() => actor.send({ type: 'slide.back' })}
                >
                  {COPY.volver}
                </SlideButton>
              </div>
            </div>
          </div>
        </div>
        <ol className="mobile-dots" aria-hidden="true">
          {Array.from({ length: SLIDE_COUNT }, (_, i) => (
            <li key={i} className={i === index ? 'is-active' : undefined} />
          ))}
        </ol>
      </section>
      {/* Part of the screen, below the slides: it never covers a button. */}
      <CookieNotice inPage />
    </div>
  );
}
