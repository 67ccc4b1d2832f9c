import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise, type Actor, type Snapshot } from 'xstate';
import { config } from '../../config';
import { CONTACT_FIELD_MAX_LENGTH, type ContactField, type LeadContact } from '../../domain/lead-payload';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  SECTORS_BY_CATEGORY,
  SECTOR_LABELS,
  SITUATIONS,
  SITUATION_LABELS,
  type Category,
  type Sector,
  type Situation,
} from '../../domain/wizard-options';
import {
  BOT_CHECK_FAILED_MESSAGE,
  LEAD_MAINTENANCE_MESSAGE,
  leadWizardMachine,
  type LeadWizardInput,
  type LeadWizardSnapshot,
} from '../../machines/lead-wizard.machine';
import { createLead, updateLead } from '../../services/leads';
import { clearWizardSnapshot, saveWizardSnapshot } from '../../services/wizard-persistence';
import { useHydrated } from '../hooks/use-hydrated';
import { ChoiceStep, type ChoiceOption } from './choice-step';
import { ContactStep } from './contact-step';
import type { ContactErrors } from './contact-validation';
import { demoUrl, trialSignupUrl } from './links';
import { ThanksStep } from './thanks-step';
import { STATIC_WIZARD_INPUT, readWizardStart, type WizardStart } from './wizard-setup';
import { WizardProgress } from './wizard-progress';

/**
 * The lead wizard's view: it renders the state of leadWizardMachine and supplies its services
 * (lead API, bot check, navigation). The flow itself lives in the machine.
 */

const TRIAL_URL = trialSignupUrl(config);
const QUESTION_STEPS = 4;

let nextBotToken: (() => Promise<string>) | undefined;

const wizardMachine = leadWizardMachine.provide({
  actors: {
    // Loaded only for fb campaigns: the bot check is not part of the first paint. After two
    // failed checks the create goes ahead without a token, so a blocked script loses no lead.
    getBotToken: fromPromise(async () => {
      const botCheck = await import('../../services/bot-check');
      nextBotToken ??= botCheck.botTokenWithFallback(() => botCheck.getBotToken());
      return nextBotToken();
    }),
    createLead: fromPromise(({ input, signal }) =>
      createLead(input.payload, input.idempotencyKey, { signal }),
    ),
    updateLead: fromPromise(({ input, signal }) => updateLead(input.payload, { signal })),
  },
  actions: {
    // Spec section 8: the failure is logged; the view shows it from the state.
    logLeadError: (_, params: { message: string }) => console.info(params.message),
    openTrialSignup: () => window.location.assign(TRIAL_URL),
  },
});

type WizardActor = Actor<typeof wizardMachine>;
type Step = 'contact' | 'situation' | 'category' | 'sector' | 'thanks';

function stepOf(snapshot: LeadWizardSnapshot): Step {
  if (snapshot.matches({ steps: 'situation' })) return 'situation';
  if (snapshot.matches({ steps: 'category' })) return 'category';
  if (snapshot.matches({ steps: 'sector' })) return 'sector';
  if (snapshot.matches({ steps: 'thanks' })) return 'thanks';
  return 'contact';
}

function contactOf(snapshot: LeadWizardSnapshot): LeadContact {
  const { nombreEmpresa, nombre, apellido, pais, whatsapp, email } = snapshot.context;
  return { nombreEmpresa, nombre, apellido, pais, whatsapp, email };
}

function isPristine(snapshot: LeadWizardSnapshot): boolean {
  const { nombreEmpresa, nombre, apellido, whatsapp, email, leadId } = snapshot.context;
  return (
    leadId === null &&
    snapshot.matches({ steps: { contact: 'editing' } }) &&
    [nombreEmpresa, nombre, apellido, whatsapp, email].every((value) => value === '')
  );
}

function sameContact(a: LeadContact, b: LeadContact): boolean {
  return (
    a.nombreEmpresa === b.nombreEmpresa &&
    a.nombre === b.nombre &&
    a.apellido === b.apellido &&
    a.pais === b.pais &&
    a.whatsapp === b.whatsapp &&
    a.email === b.email
  );
}

const SITUATION_OPTIONS: readonly ChoiceOption<Situation>[] = SITUATIONS.map((value) => ({
  value,
  label: SITUATION_LABELS[value],
}));
const CATEGORY_OPTIONS: readonly ChoiceOption<Category>[] = CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));
function sectorOptions(category: Category | null): readonly ChoiceOption<Sector>[] {
  if (category === null) return [];
  return SECTORS_BY_CATEGORY[category].map((value: Sector) => ({ value, label: SECTOR_LABELS[value] }));
}

type Validate = (contact: LeadContact) => ContactErrors;
let validatorPromise: Promise<Validate> | undefined;
/** The schema (zod/mini and the phone metadata) loads when the visitor starts filling step 1. */
function loadValidator(): Promise<Validate> {
  validatorPromise ??= import('./contact-validation').then((m) => m.contactErrors);
  validatorPromise.catch(() => {
    validatorPromise = undefined;
  });
  return validatorPromise;
}

const FIELD_ORDER: readonly ContactField[] = [
  'nombreEmpresa',
  'nombre',
  'apellido',
  'pais',
  'whatsapp',
  'email',
];

function ContactContainer({ actor, focusOnMount }: { actor: WizardActor; focusOnMount: boolean }) {
  const contact = useSelector(actor, contactOf, sameContact);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'contact.submit' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'retry' }));
  const failure = useSelector(actor, (s) =>
    s.matches({ steps: { contact: 'createFailed' } })
      ? LEAD_MAINTENANCE_MESSAGE
      : s.matches({ steps: { contact: 'botCheckFailed' } })
        ? BOT_CHECK_FAILED_MESSAGE
        : null,
  );
  const [validate, setValidate] = useState<Validate | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<ContactField>>(new Set());
  // Values the machine refused (longer than it keeps): the message explains why nothing changed.
  const [refused, setRefused] = useState<Partial<Record<ContactField, string>>>({});

  const ensureValidator = useCallback(() => {
    if (validate) return Promise.resolve(validate);
    return loadValidator().then((fn) => {
      setValidate(() => fn);
      return fn;
    });
  }, [validate]);

  const errors = useMemo<ContactErrors>(() => {
    if (!validate) return {};
    const all = validate(contact);
    const shown: ContactErrors = {};
    for (const field of FIELD_ORDER) {
      const attempted = refused[field];
      const message =
        attempted !== undefined ? validate({ ...contact, [field]: attempted })[field] : all[field];
      if (message !== undefined && (touched.has(field) || attempted !== undefined)) shown[field] = message;
    }
    return shown;
  }, [validate, contact, touched, refused]);

  const onChange = (field: ContactField, value: string) => {
    void ensureValidator().catch(() => undefined);
    actor.send({ type: 'contact.change', field, value });
    const max = CONTACT_FIELD_MAX_LENGTH[field];
    setRefused((current) => {
      const next = { ...current };
      if (field !== 'pais' && value.length > max) next[field] = value.slice(0, max + 1);
      else delete next[field];
      return next;
    });
  };

  const onBlur = (field: ContactField) => {
    void ensureValidator().catch(() => undefined);
    setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
  };

  const onSubmit = async () => {
    let check: Validate | undefined;
    try {
      check = await ensureValidator();
    } catch {
      // Validation code could not load (offline): the server validates the same rules anyway.
    }
    const current = contactOf(actor.getSnapshot());
    const found = check ? check(current) : {};
    const firstInvalid = FIELD_ORDER.find((field) => found[field] !== undefined);
    setTouched(new Set(FIELD_ORDER));
    actor.send({ type: 'contact.submit', valid: firstInvalid === undefined });
    if (firstInvalid !== undefined) document.getElementById(`registro-${firstInvalid}`)?.focus();
  };

  return (
    <div onFocus={() => void ensureValidator().catch(() => undefined)}>
      <ContactStep
        contact={contact}
        errors={errors}
        canSubmit={canSubmit}
        busy={busy}
        failure={failure}
        canRetry={canRetry}
        focusOnMount={focusOnMount}
        onChange={onChange}
        onBlur={onBlur}
        onSubmit={() => void onSubmit()}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    </div>
  );
}

function QuestionContainer({
  actor,
  step,
  focusOnMount,
}: {
  actor: WizardActor;
  step: Step;
  focusOnMount: boolean;
}) {
  const situation = useSelector(actor, (s) => s.context.situacionActual);
  const category = useSelector(actor, (s) => s.context.rubro);
  const sector = useSelector(actor, (s) => s.context.sector);
  const canNext = useSelector(actor, (s) => s.can({ type: 'step.next' }));
  const canBack = useSelector(actor, (s) => s.can({ type: 'step.back' }));
  const common = {
    canNext,
    canBack,
    focusOnMount,
    onNext: () => actor.send({ type: 'step.next' }),
    onBack: () => actor.send({ type: 'step.back' }),
  };
  if (step === 'situation') {
    return (
      <ChoiceStep
        {...common}
        name="situacion"
        title="¿Cuál es tu situación actual?"
        intro="Elegí la opción que mejor te describe."
        options={SITUATION_OPTIONS}
        selected={situation}
        showBack={false}
        onSelect={(value) => actor.send({ type: 'situation.select', value })}
      />
    );
  }
  if (step === 'category') {
    return (
      <ChoiceStep
        {...common}
        name="rubro"
        title="¿Cuál es el rubro de tu negocio?"
        options={CATEGORY_OPTIONS}
        selected={category}
        showBack
        onSelect={(value) => actor.send({ type: 'category.select', value })}
      />
    );
  }
  return (
    <ChoiceStep
      {...common}
      name="sector"
      title="¿Qué vendés?"
      intro={
        category
          ? `Elegí el tipo de negocio dentro de ${CATEGORY_LABELS[category].toLowerCase()}.`
          : undefined
      }
      options={sectorOptions(category)}
      selected={sector}
      showBack
      onSelect={(value) => actor.send({ type: 'sector.select', value })}
    />
  );
}

function ThanksContainer({ actor, focusOnMount }: { actor: WizardActor; focusOnMount: boolean }) {
  const offer = useSelector(actor, (s) => (s.matches({ steps: { thanks: 'trial' } }) ? 'trial' : 'demo'));
  const sector = useSelector(actor, (s) => s.context.sector);
  const demoVisited = useSelector(actor, (s) => s.matches({ steps: { thanks: { demo: 'visited' } } }));
  const saveFailed = useSelector(actor, (s) => s.hasTag('saveFailed'));
  return (
    <ThanksStep
      offer={offer}
      sector={sector}
      trialUrl={TRIAL_URL}
      demoUrl={sector === null ? null : demoUrl(config, sector)}
      demoVisited={demoVisited}
      saveFailed={saveFailed}
      focusOnMount={focusOnMount}
      onTrialStart={() => actor.send({ type: 'trial.start' })}
      onDemoVisit={() => actor.send({ type: 'demo.visit' })}
    />
  );
}

const STEP_NUMBER: Readonly<Record<Step, number | null>> = {
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
}: {
  input: LeadWizardInput;
  snapshot: Snapshot<unknown> | undefined;
  persist: boolean;
}) {
  const actor = useActorRef(wizardMachine, snapshot ? { input, snapshot } : { input });
  const step = useSelector(actor, stepOf);
  const restored = useRef(snapshot !== undefined);

  useEffect(() => {
    if (!persist) return undefined;
    // Nothing typed yet: nothing to resume, and a later visit starts from its own campaign data.
    const save = () => {
      if (isPristine(actor.getSnapshot())) clearWizardSnapshot();
      else saveWizardSnapshot(actor.getPersistedSnapshot());
    };
    save();
    const subscription = actor.subscribe(save);
    // Data not yet on the server (stored mid-update, or an update that failed) is sent again now,
    // and again whenever the connection comes back.
    if (restored.current) actor.send({ type: 'sync.flush' });
    const flush = () => actor.send({ type: 'sync.flush' });
    window.addEventListener('online', flush);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('online', flush);
    };
  }, [actor, persist]);

  // The heading takes the focus only when the visitor moves between steps, not on page load.
  const [shownStep, setShownStep] = useState(step);
  const [moved, setMoved] = useState(false);
  if (step !== shownStep) {
    setShownStep(step);
    setMoved(true);
  }

  const number = STEP_NUMBER[step];
  return (
    <div className="wizard-card" data-step={step}>
      {number !== null ? <WizardProgress step={number} total={QUESTION_STEPS} /> : null}
      {step === 'contact' ? (
        <ContactContainer actor={actor} focusOnMount={moved} />
      ) : step === 'thanks' ? (
        <ThanksContainer actor={actor} focusOnMount={moved} />
      ) : (
        <QuestionContainer key={step} actor={actor} step={step} focusOnMount={moved} />
      )}
    </div>
  );
}

/**
 * Prerendered and hydrated as an empty step 1; once hydrated, the wizard restarts from what
 * the browser knows (campaign, referral, a snapshot stored before a reload). That read happens
 * only after hydration, so the static HTML and the first client render always match.
 */
export function RegistrationWizard() {
  const hydrated = useHydrated();
  const start = useMemo<WizardStart | null>(
    () => (hydrated ? readWizardStart(window.location.search) : null),
    [hydrated],
  );
  return start ? (
    <WizardView key="browser" input={start.input} snapshot={start.snapshot} persist />
  ) : (
    <WizardView key="static" input={STATIC_WIZARD_INPUT} snapshot={undefined} persist={false} />
  );
}
