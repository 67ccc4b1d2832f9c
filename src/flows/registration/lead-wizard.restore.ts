import type { Snapshot } from 'xstate';
import { parseCountryCode } from '../../domain/countries';
import { CONTACT_FIELDS, CONTACT_FIELD_MAX_LENGTH } from '../../domain/lead-payload';
import { BOT_CHECK_MAX_FAILURES, WIZARD_SNAPSHOT_MAX_CHARS } from '../../domain/lead-wizard-rules';
import {
  ID_MAX_LENGTH,
  ID_PATTERN,
  TRACKING_FIELDS,
  TRACKING_FIELD_MAX_LENGTH,
  type TrackingFields,
} from '../../domain/prospect';
import { parseReferralCode } from '../../domain/referral';
import { isCategory, isSectorOf, isSituation } from '../../domain/wizard-options';
import { leadWizardMachine, type LeadWizardContext } from './lead-wizard.machine';

/**
 * Resuming the lead wizard after a reload: the view stores actor.getPersistedSnapshot() (JSON)
 * on every change and passes the stored value back through restoreLeadWizardSnapshot. Invocations
 * and timers are not part of a persisted snapshot, so a restored wizard is normalised to states
 * that hold neither; the view then sends 'sync.flush' so that data not yet on the server is sent
 * again. Everything here is pure: the stored value is never modified.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

function nullable<T>(value: unknown, parse: (value: unknown) => T | undefined): T | null | undefined {
  return value === null ? null : parse(value);
}

function restoreTracking(value: unknown): TrackingFields | undefined {
  if (!isRecord(value)) return undefined;
  const out: TrackingFields = {};
  for (const key of TRACKING_FIELDS) {
    if (value[key] === undefined) continue;
    const t = text(value[key], TRACKING_FIELD_MAX_LENGTH[key]);
    if (t === undefined) return undefined;
    out[key] = t;
  }
  return out;
}

function count(value: unknown, max: number): number | undefined {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max
    ? (value as number)
    : undefined;
}

function restoreContext(raw: unknown): LeadWizardContext | undefined {
  if (!isRecord(raw)) return undefined;
  const contact: Record<string, string> = {};
  for (const field of CONTACT_FIELDS) {
    if (field === 'pais') continue;
    const t = text(raw[field], CONTACT_FIELD_MAX_LENGTH[field]);
    if (t === undefined) return undefined;
    contact[field] = t;
  }
  const pais = nullable(raw.pais, parseCountryCode);
  const situacionActual = nullable(raw.situacionActual, (v) => (isSituation(v) ? v : undefined));
  const rubro = nullable(raw.rubro, (v) => (isCategory(v) ? v : undefined));
  const sector = nullable(raw.sector, (v) => (rubro && isSectorOf(rubro, v) ? v : undefined));
  const leadId = nullable(raw.leadId, (v) => {
    const t = text(v, ID_MAX_LENGTH);
    return t !== undefined && ID_PATTERN.test(t) ? t : undefined;
  });
  // The landing's own rule and measure (characters, not UTF-16 units): a code the visit kept is
  // one a reload keeps, whatever its alphabet.
  const codigoReferido = nullable(raw.codigoReferido, parseReferralCode);
  const idempotencyKey = text(raw.idempotencyKey, ID_MAX_LENGTH);
  const tracking = restoreTracking(raw.tracking);
  const botCheckFailures = count(raw.botCheckFailures, BOT_CHECK_MAX_FAILURES);
  if (
    pais === undefined ||
    situacionActual === undefined ||
    rubro === undefined ||
    sector === undefined ||
    leadId === undefined ||
    codigoReferido === undefined ||
    idempotencyKey === undefined ||
    !ID_PATTERN.test(idempotencyKey) ||
    tracking === undefined ||
    botCheckFailures === undefined ||
    typeof raw.visitoDemo !== 'boolean' ||
    typeof raw.promotionMode !== 'boolean' ||
    typeof raw.needsBotCheck !== 'boolean' ||
    typeof raw.unsentChanges !== 'boolean'
  ) {
    return undefined;
  }
  return {
    nombreEmpresa: contact.nombreEmpresa ?? '',
    nombre: contact.nombre ?? '',
    apellido: contact.apellido ?? '',
    pais,
    whatsapp: contact.whatsapp ?? '',
    email: contact.email ?? '',
    situacionActual,
    rubro,
    sector,
    visitoDemo: raw.visitoDemo,
    codigoReferido,
    tracking,
    leadId,
    recaptchaToken: null,
    idempotencyKey,
    promotionMode: raw.promotionMode,
    needsBotCheck: raw.needsBotCheck,
    botCheckFailures,
    unsentChanges: raw.unsentChanges,
    updateFailures: 0,
    // The rules' messages are not kept: a field shows one again once the visitor leaves it or submits.
    contactErrors: {},
    checkedFields: [],
    refusedValues: {},
    saveFailure: null,
  };
}

type StepsValue =
  | 'situation'
  | 'category'
  | 'sector'
  | { contact: 'editing' | { failed: 'botCheck' | 'create' } }
  | { thanks: 'trial' | { demo: 'offered' | 'visited' } };

interface RestoredSteps {
  steps: StepsValue;
  /** The stored step was a create in flight: it may have reached the server. */
  interruptedCreate: boolean;
}

/** Step 1's states, read from the machine itself. */
const CONTACT_STATES = leadWizardMachine.root.states.steps?.states.contact?.states ?? {};
/** Step 1's failure states. */
const FAILED_STATES = CONTACT_STATES.failed?.states ?? {};
/** Step 1's states once the save has started: the create may already have reached the server. */
const SAVING_STATES: ReadonlySet<string> = new Set(['submitting', 'checkingBot', 'creating']);

/** Where the steps region resumes, or undefined when the stored step does not fit the data. */
function restoreSteps(raw: unknown, context: LeadWizardContext): RestoredSteps | undefined {
  const resume = (steps: StepsValue): RestoredSteps => ({ steps, interruptedCreate: false });
  const hasLead = context.leadId !== null;
  if (isRecord(raw) && 'contact' in raw) {
    if (hasLead) return undefined;
    const sub = raw.contact;
    if (isRecord(sub) && (sub.failed === 'botCheck' || sub.failed === 'create'))
      return resume({ contact: { failed: sub.failed } });
    // A wait, a refused field or a missing download is stale after a reload (the reload is the
    // fix for the last): the visitor resumes editing, nothing was stored.
    if (isRecord(sub) && typeof sub.failed === 'string' && sub.failed in FAILED_STATES)
      return resume({ contact: 'editing' });
    // Reloaded while the create was in flight: the resubmit (same key) is followed by an update.
    if (typeof sub === 'string' && SAVING_STATES.has(sub))
      return { steps: { contact: 'editing' }, interruptedCreate: true };
    // Any other state of step 1 (editing, checking the fields, ...) had saved nothing: the visitor
    // resumes editing, so a state added to step 1 needs nothing here.
    if (typeof sub === 'string' && sub in CONTACT_STATES) return resume({ contact: 'editing' });
    return undefined;
  }
  if (!hasLead) return undefined;
  if (raw === 'situation') return resume(raw);
  if (raw === 'category') return context.situacionActual !== null ? resume(raw) : undefined;
  if (raw === 'sector') return context.rubro !== null ? resume(raw) : undefined;
  if (isRecord(raw) && 'thanks' in raw && context.sector !== null) {
    const sub = raw.thanks;
    if (sub === 'trial' && context.promotionMode) return resume({ thanks: 'trial' });
    if (isRecord(sub) && !context.promotionMode) {
      if (sub.demo === 'visited' && context.visitoDemo) return resume({ thanks: { demo: 'visited' } });
      if (sub.demo === 'offered') return resume({ thanks: { demo: 'offered' } });
    }
  }
  return undefined;
}

type SyncValue = 'waitingForLead' | 'synced' | { updating: { attempt: 'retryWait'; warning: 'hidden' } };

/**
 * A persisted wizard snapshot (the stored JSON text or the parsed value) checked field by field
 * and normalised for createActor(leadWizardMachine, { snapshot }); undefined when it is not a
 * wizard snapshot this code can resume (start a new wizard then).
 */
export function restoreLeadWizardSnapshot(stored: unknown): Snapshot<unknown> | undefined {
  let raw = stored;
  if (typeof raw === 'string') {
    if (raw.length > WIZARD_SNAPSHOT_MAX_CHARS) return undefined;
    try {
      raw = JSON.parse(raw) as unknown;
    } catch {
      return undefined;
    }
  }
  if (!isRecord(raw) || raw.status !== 'active' || !isRecord(raw.value)) return undefined;
  const storedContext = restoreContext(raw.context);
  if (!storedContext) return undefined;
  const restored = restoreSteps(raw.value.steps, storedContext);
  if (restored === undefined) return undefined;
  const hasLead = storedContext.leadId !== null;
  // Saving or waiting to retry when stored: the data is sent again on 'sync.flush'.
  const resend =
    restored.interruptedCreate || (hasLead && (raw.value.sync !== 'synced' || storedContext.unsentChanges));
  const context: LeadWizardContext = {
    ...storedContext,
    unsentChanges: storedContext.unsentChanges || resend,
  };
  const sync: SyncValue = !hasLead
    ? 'waitingForLead'
    : resend
      ? { updating: { attempt: 'retryWait', warning: 'hidden' } }
      : 'synced';
  const value = { steps: restored.steps, sync, fieldMessages: 'idle' };
  try {
    leadWizardMachine.resolveState({ value, context });
  } catch {
    return undefined;
  }
  const snapshot: Snapshot<unknown> & Record<string, unknown> = {
    status: 'active',
    output: undefined,
    error: undefined,
    value,
    context,
    historyValue: {},
    children: {},
  };
  return snapshot;
}
