import { useSelector } from '@xstate/react';
import { useFlowActor } from '../../ui/hooks/use-flow-actor';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react';
import type { Snapshot } from 'xstate';
import { wizardStepOf, type LeadWizardInput, type WizardStep } from './lead-wizard.machine';
import { newIdempotencyKey } from '../../services/idempotency-key';
import { useHydratedInTransition } from '../../ui/hooks/use-hydrated';
import { readPrerenderedFields, type PrerenderedFields } from '../../ui/hooks/prerendered-fields';
import { CONTACT_FIELD_IDS, ContactContainer } from './contact-container';
import { useWizardPersistence } from './use-wizard-persistence';
import { leadWizardLogic } from './lead-wizard.wiring';
import { loadLeads } from './load-leads';
import { StepLoadBoundary } from './step-load-boundary';
import { WizardProgress } from './wizard-progress';
import { STATIC_WIZARD_INPUT, readWizardStart } from './wizard-setup';

/**
 * The lead wizard's view: it renders the state of leadWizardMachine (wired in lead-wizard.wiring.ts)
 * step by step. The flow itself lives in the machine.
 */

const QUESTION_STEPS = 4;

// Steps 2 to 5 are not part of the page's load: they load when the visitor starts on step 1 (the
// first focus or press in the card), so they are there when the visitor moves on, no empty card
// shows in between, and a visitor who only reads the page never downloads them.
const loadQuestion = () => import('./question-container').then((m) => ({ default: m.QuestionContainer }));
const loadThanks = () => import('./thanks-container').then((m) => ({ default: m.ThanksContainer }));
// Only if a step is reached before its code has arrived.
const LazyQuestion = lazy(loadQuestion);
const LazyThanks = lazy(loadThanks);

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
  // re-rendered the wizard inside the visitor's first press (about 100 ms of it on a 4x slower CPU).
  const want = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    // The first save needs the lead API: it comes with the later steps (retried on the save).
    loadLeads().catch(() => {});
    Promise.all([loadQuestion(), loadThanks()]).then(
      ([question, thanks]) => {
        if (mounted.current) setLoaded({ Question: question.default, Thanks: thanks.default });
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

function WizardView({
  input,
  snapshot,
  persist,
  prerendered,
}: {
  input: LeadWizardInput;
  snapshot: Snapshot<unknown> | undefined;
  persist: boolean;
  prerendered?: PrerenderedFields;
}) {
  const actor = useFlowActor(leadWizardLogic, snapshot ? { input, snapshot } : { input });
  const step = useSelector(actor, wizardStepOf);
  useWizardPersistence(actor, persist, snapshot !== undefined);

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
    <div className="wizard-card" data-step={step} onFocus={want} onPointerDown={want}>
      {number !== null ? <WizardProgress step={number} total={QUESTION_STEPS} /> : null}
      {step === 'contact' ? (
        <ContactContainer actor={actor} focusOnMount={moved} prerendered={prerendered} />
      ) : (
        <StepLoadBoundary>
          <Suspense fallback={null}>
            {step === 'thanks' ? (
              <Thanks actor={actor} focusOnMount={moved} />
            ) : (
              <Question key={step} actor={actor} step={step} focusOnMount={moved} />
            )}
          </Suspense>
        </StepLoadBoundary>
      )}
    </div>
  );
}

/**
 * Mounted only after hydration: reads the campaign, referral and stored wizard once, and what the
 * visitor typed into the static step 1 meanwhile (read now, while those elements are still on
 * screen; this view replaces them).
 */
function BrowserWizard() {
  const [start] = useState(() => readWizardStart(window.location.search, newIdempotencyKey()));
  const [prerendered] = useState(() => readPrerenderedFields(CONTACT_FIELD_IDS));
  return <WizardView input={start.input} snapshot={start.snapshot} persist prerendered={prerendered} />;
}

/**
 * Prerendered and hydrated as an empty step 1; once hydrated, the wizard restarts from what
 * the browser knows (campaign, referral, a snapshot stored before a reload). That read happens
 * only after hydration, so the static HTML and the first client render always match.
 */
export function RegistrationWizard() {
  const hydrated = useHydratedInTransition();
  return hydrated ? <BrowserWizard /> : STATIC_WIZARD;
}

// One element for every render: React then never renders the static step 1 again between
// hydration and the browser's wizard (useHydratedInTransition reveals it in a transition), and the text typed
// before hydration stays in its fields until BrowserWizard reads it (a render would set each
// controlled field back to the static machine's empty value).
const STATIC_WIZARD = <WizardView input={STATIC_WIZARD_INPUT} snapshot={undefined} persist={false} />;
