import {
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react';
import { wizardStepOf, type WizardStep } from './lead-wizard.context';
import { tabKeySeed } from '../../services/idempotency-key';
import { ContactContainer } from './contact-container';
import type { WizardActor } from './lead-wizard.wiring';
import { useWizardSelector } from './use-wizard-selector';
import { loadLeads } from './load-leads';
import { REGION_NAMES } from '../../content/errors';
import { RegionBoundary, retryableLazy } from '../../ui/region-boundary';
import { retryOnce } from '../../ui/retry-import';
import { WizardProgress } from './wizard-progress';
import { loadOnce } from '../load-once';
import type { WizardStart } from './wizard-setup';

const QUESTION_STEPS = 4;

// What the wizard starts from (campaign, referral, country, a stored snapshot) is read by code that
// loads at hydration, not with the page: until the machine exists step 1 keeps what is typed.
const loadStart = loadOnce(retryOnce(() => import('./wizard-setup')));
// The machine and XState come the same way, fetched side by side with that code.
const loadStarter = loadOnce(retryOnce(() => import('./start-wizard')));

/** Without that code (offline twice): a wizard with this tab's key only; the lead is still saved. */
function readStart(search: string, keySeed: string): Promise<WizardStart> {
  return loadStart().then(
    (setup) => setup.readWizardStart(search, keySeed),
    () => ({ input: { idempotencyKey: keySeed }, snapshot: undefined }),
  );
}

// Steps 2 to 5 are not part of the page's load: they load when the visitor starts on step 1 (the
// first focus or press in the card), so they are there when the visitor moves on, no empty card
// shows in between, and a visitor who only reads the page never downloads them. A failed download
// is tried once more; then the card says so, with 'Reintentar' (RegionBoundary).
const loadQuestion = retryOnce(() => import('./question-container').then((m) => m.QuestionContainer));
const loadThanks = retryOnce(() => import('./thanks-container').then((m) => m.ThanksContainer));
// Only if a step is reached before its code has arrived.
const LazyQuestion = retryableLazy(loadQuestion);
const LazyThanks = retryableLazy(loadThanks);

type QuestionView = ComponentType<ComponentProps<typeof LazyQuestion>>;
type ThanksView = ComponentType<ComponentProps<typeof LazyThanks>>;

type LaterSteps = { Question: QuestionView; Thanks: ThanksView };
const LAZY_STEPS: LaterSteps = { Question: LazyQuestion, Thanks: LazyThanks };

/**
 * The later steps' components: the loaded ones once `want()` has fetched their code, adopted
 * while the visitor is on step 1 only, so a step on screen never remounts as another component.
 */
function useLaterSteps(onContactStep: boolean): { steps: LaterSteps; want: () => void } {
  const [loaded, setLoaded] = useState<LaterSteps | null>(null);
  const [adopted, setAdopted] = useState<LaterSteps | null>(null);
  const requested = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // Starts the download from the press or focus itself, without a render: a state change here
  // re-rendered the wizard inside the visitor's first press (docs/performance.md, "Measurements behind the code").
  const want = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    // The first save needs the lead API: it comes with the later steps (retried on the save).
    loadLeads().catch(() => {});
    Promise.all([loadQuestion(), loadThanks()]).then(
      ([question, thanks]) => {
        if (mounted.current) setLoaded({ Question: question, Thanks: thanks });
      },
      // Offline right now: the next focus tries again, and the lazy components load the code
      // when the visitor reaches a step.
      () => {
        requested.current = false;
      },
    );
  }, []);
  if (loaded !== null && adopted === null && onContactStep) setAdopted(loaded);
  return { steps: adopted ?? LAZY_STEPS, want };
}

const STEP_NUMBER: Readonly<Record<WizardStep, number | null>> = {
  contact: 1,
  situation: 2,
  category: 3,
  sector: 4,
  thanks: null,
};

/** The wizard the browser runs: its actor (started and stored as it changes), whether progress is kept. */
interface BrowserWizard {
  actor: WizardActor;
  keepsProgress: boolean;
}

/**
 * The browser's wizard, made once the page has hydrated (an effect: never while prerendering or
 * hydrating): it starts from what the browser knows
 * (campaign, referral, country, a snapshot stored before a reload, this tab's key seed), which
 * the prerendered page cannot know. Until then there is no machine: step 1 is the server's HTML,
 * hydrated in place, whose fields keep whatever the visitor types (ContactContainer hands it to
 * the machine the moment it exists) and whose 'Siguiente' stays disabled.
 */
function useBrowserWizard(): BrowserWizard | null {
  const [wizard, setWizard] = useState<BrowserWizard | null>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const tab = tabKeySeed();
    // Offline twice: the next focus in the page asks again, and step 1 keeps its text meanwhile.
    const start = () => {
      const starter = loadStarter();
      void Promise.all([starter, readStart(window.location.search, tab.seed)]).then(
        ([{ startWizard }, from]) => {
          if (cancelled) return;
          const wizard = startWizard(from);
          stop = wizard.stop;
          // In a transition: building the steps' views yields to the visitor's keystrokes.
          startTransition(() => setWizard({ actor: wizard.actor, keepsProgress: tab.kept }));
        },
        () => {
          if (!cancelled) document.addEventListener('focusin', start, { once: true });
        },
      );
    };
    start();
    return () => {
      cancelled = true;
      document.removeEventListener('focusin', start);
      stop?.();
    };
  }, []);
  return wizard;
}

/**
 * The lead wizard's view: it renders the state of leadWizardMachine (wired in
 * lead-wizard.wiring.ts) step by step. One tree from the server's HTML to the last step: the
 * static step 1 and the live one are the same elements, so nothing typed, focused or selected in
 * them is ever replaced.
 */
export function RegistrationWizard() {
  const wizard = useBrowserWizard();
  const actor = wizard?.actor;
  const step = useWizardSelector(actor, (snapshot) => (snapshot ? wizardStepOf(snapshot) : 'contact'));

  // The heading takes the focus only when the visitor moves between steps, not on page load.
  const [shownStep, setShownStep] = useState(step);
  const [moved, setMoved] = useState(false);
  if (step !== shownStep) {
    setShownStep(step);
    setMoved(true);
  }

  const {
    steps: { Question, Thanks },
    want,
  } = useLaterSteps(step === 'contact');
  const number = STEP_NUMBER[step];
  return (
    // data-live: the machine is there (step 1's 'Siguiente' can work), for tests and styles.
    <div
      className="wizard-card"
      data-step={step}
      data-live={actor ? 'true' : undefined}
      onFocus={want}
      onPointerDown={want}
    >
      {number !== null ? <WizardProgress step={number} total={QUESTION_STEPS} /> : null}
      {step === 'contact' || !actor ? (
        <ContactContainer actor={actor} focusOnMount={moved} keepsProgress={wizard?.keepsProgress ?? true} />
      ) : (
        <RegionBoundary name={REGION_NAMES.pasoDelRegistro}>
          <Suspense fallback={null}>
            {step === 'thanks' ? (
              <Thanks actor={actor} focusOnMount={moved} />
            ) : (
              <Question key={step} actor={actor} step={step} focusOnMount={moved} />
            )}
          </Suspense>
        </RegionBoundary>
      )}
    </div>
  );
}
