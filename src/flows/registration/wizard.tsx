import {
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
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
import { loadOnce, loadWithRetries } from '../load-once';
import type { WizardStart } from './wizard-setup';
import {
  PAGE_LOAD_NOTICE_MS,
  STARTUP_FAILURES_BEFORE_NOTICE,
  STARTUP_RETRY_WAITS_MS,
} from '../../domain/first-seconds';
import { releaseHeldFields } from '../../boot/held-fields';

const QUESTION_STEPS = 4;

// What the wizard starts from (campaign, referral, country, a stored snapshot) is read by code that
// loads at hydration, not with the page: until the machine exists step 1 keeps what is typed.
const loadStart = loadOnce(retryOnce(() => import('./wizard-setup')));
// The machine and XState, fetched side by side with that code. Without them step 1 cannot work:
// a failed download is tried again by itself a few times with growing waits (never once per focus),
// and step 1 says it could not be downloaded meanwhile.
const loadStarter = loadWithRetries(() => import('./start-wizard'), STARTUP_RETRY_WAITS_MS);
/** When step 1 says its code could not be downloaded (the tries go on). */
const STARTER_TROUBLE = { failures: STARTUP_FAILURES_BEFORE_NOTICE, afterMs: PAGE_LOAD_NOTICE_MS };

/**
 * What the wizard starts from, and whether it could read the stored progress. Without that code
 * (offline twice): a wizard with this tab's key only; the lead is still saved, and what step 1
 * holds stays held by the head script, as no stored progress could be read back after a reload.
 */
function readStart(search: string, keySeed: string): Promise<{ from: WizardStart; resumable: boolean }> {
  return loadStart().then(
    async (setup) => ({ from: await setup.readWizardStart(search, keySeed), resumable: true }),
    () => ({ from: { input: { idempotencyKey: keySeed }, snapshot: undefined }, resumable: false }),
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
      // Not downloaded: the lazy components try again when the visitor reaches a step (and the
      // card offers 'Reintentar'); a focus never asks for it again.
      () => {},
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
  /** The stored progress could be read: the machine's own storage keeps step 1 from now on. */
  resumable: boolean;
}

/**
 * The browser's wizard, made once the page has hydrated (an effect: never while prerendering or
 * hydrating): it starts from what the browser knows
 * (campaign, referral, country, a snapshot stored before a reload, this tab's key seed), which
 * the prerendered page cannot know. Until then there is no machine: step 1 is the server's HTML,
 * hydrated in place, whose fields keep whatever the visitor types (ContactContainer hands it to
 * the machine the moment it exists) and whose 'Siguiente' stays disabled. `startFailed`: the
 * machine's code did not arrive (STARTUP_FAILURES_BEFORE_NOTICE failed tries, or none answered in
 * PAGE_LOAD_NOTICE_MS), so step 1 says so while the tries go on.
 */
function useBrowserWizard(): { wizard: BrowserWizard | null; startFailed: boolean } {
  const [wizard, setWizard] = useState<BrowserWizard | null>(null);
  const [startFailed, setStartFailed] = useState(false);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const tab = tabKeySeed();
    const stopNotice = loadStarter.onTrouble(STARTER_TROUBLE, () => setStartFailed(true));
    void Promise.all([loadStarter.settled(), readStart(window.location.search, tab.seed)]).then(
      ([{ startWizard }, { from, resumable }]) => {
        if (cancelled) return;
        const wizard = startWizard(from);
        stop = wizard.stop;
        // In a transition: building the steps' views yields to the visitor's keystrokes.
        startTransition(() => setWizard({ actor: wizard.actor, keepsProgress: tab.kept, resumable }));
      },
      // No try left: step 1 already says so, and what it holds stays held for the reload.
      () => {},
    );
    return () => {
      cancelled = true;
      stopNotice();
      stop?.();
    };
  }, []);
  return { wizard, startFailed };
}

/**
 * The lead wizard's view: it renders the state of leadWizardMachine (wired in
 * lead-wizard.wiring.ts) step by step. One tree from the server's HTML to the last step: the
 * static step 1 and the live one are the same elements, so nothing typed, focused or selected in
 * them is ever replaced.
 */
export function RegistrationWizard() {
  const { wizard, startFailed } = useBrowserWizard();
  const actor = wizard?.actor;
  // After ContactContainer's own layout effect has handed step 1 to the machine (children first):
  // the machine stores it from now on, so the head script stops holding it.
  useLayoutEffect(() => {
    if (wizard?.resumable) releaseHeldFields();
  }, [wizard]);
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
        <ContactContainer
          actor={actor}
          focusOnMount={moved}
          keepsProgress={wizard?.keepsProgress ?? true}
          startFailed={startFailed}
        />
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
