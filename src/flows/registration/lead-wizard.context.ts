/**
 * What the lead wizard holds and shows, without the machine: its input and context, the context
 * it starts from, and the step and failure its snapshot names. Step 1's views read these before
 * the machine's code has loaded (it loads after hydration); lead-wizard.machine.ts re-exports them.
 */
import { parseCountryCode } from '../../domain/countries';
import type { ContactField, LeadContact, LeadDraft } from '../../domain/lead-payload';
import type { TrackingFields } from '../../domain/prospect';
import type { SaveFailure } from '../../domain/save-failure';

export interface LeadWizardInput {
  /**
   * This tab's seed for the create's idempotency key (leadKeyFor): the same seed and the same
   * business (its name and WhatsApp number) always give the same key, another business another one.
   */
  idempotencyKey: string;
  /** Stored ndb_campaign equals 'pe': the thanks step offers the trial. */
  promotionMode?: boolean;
  /** The campaign source is fb: the invisible bot check runs before the create. */
  needsBotCheck?: boolean;
  codigoReferido?: string | null;
  tracking?: TrackingFields;
  /** Country preselected in step 1 (e.g. from cc), raw. */
  country?: string | null;
}

export interface LeadWizardContext extends LeadDraft {
  leadId: string | null;
  recaptchaToken: string | null;
  idempotencyKey: string;
  promotionMode: boolean;
  needsBotCheck: boolean;
  /** Bot checks failed since the last one that passed, counted up to BOT_CHECK_MAX_FAILURES. */
  botCheckFailures: number;
  /** Lead data changed since the last update was sent (or a create attempt failed). */
  unsentChanges: boolean;
  /** Update failures in a row, counted up to LEAD_UPDATE_MAX_COUNTED_FAILURES. */
  updateFailures: number;
  /**
   * What step 1 says next to its fields: the rules' verdict on each field the visitor has left or
   * submitted (a message per field to correct), on the values as they are now.
   */
  contactErrors: ContactErrors;
  /** The fields whose verdict step 1 shows: left once (blur), or all of them after a submit. */
  checkedFields: ContactField[];
  /**
   * Values the visitor entered that the machine did not keep (a country not on the list): judged
   * instead of the kept value, so the field says why nothing changed, until a value is kept.
   */
  refusedValues: Partial<Record<ContactField, string>>;
  /** Why the last create failed (the wait of a 429, the fields of a 400), for its message. */
  saveFailure: SaveFailure | null;
}

/** A Spanish message per contact field the prospect schema does not accept. */
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The context a wizard starts from: empty fields, the campaign data of the input. */
export function initialLeadWizardContext(input: LeadWizardInput): LeadWizardContext {
  return {
    nombreEmpresa: '',
    nombre: '',
    apellido: '',
    pais: parseCountryCode(input.country) ?? null,
    whatsapp: '',
    email: '',
    situacionActual: null,
    rubro: null,
    sector: null,
    visitoDemo: false,
    codigoReferido:
      typeof input.codigoReferido === 'string' && input.codigoReferido.trim() !== ''
        ? input.codigoReferido.trim()
        : null,
    tracking: { ...input.tracking },
    leadId: null,
    recaptchaToken: null,
    idempotencyKey: input.idempotencyKey,
    promotionMode: input.promotionMode === true,
    needsBotCheck: input.needsBotCheck === true,
    botCheckFailures: 0,
    unsentChanges: false,
    updateFailures: 0,
    contactErrors: {},
    checkedFields: [],
    refusedValues: {},
    saveFailure: null,
  };
}

/** The contact fields as typed: what the shared schema checks on submit. */
export function contactOf(context: LeadContact): LeadContact {
  const { nombreEmpresa, nombre, apellido, pais, whatsapp, email } = context;
  return { nombreEmpresa, nombre, apellido, pais, whatsapp, email };
}

/** The wizard's screens, in order: each step state names its own with a `step.<name>` tag. */
export const WIZARD_STEPS = ['contact', 'situation', 'category', 'sector', 'thanks'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/**
 * Why step 1 could not be saved, named by a `failure.<kind>` tag on the failed state: the server
 * down or unreachable (create), the bot check, too many attempts (rateLimited), data the API
 * refused (refused), the lead API's code not downloaded (download).
 */
export const CONTACT_FAILURES = ['create', 'botCheck', 'rateLimited', 'refused', 'download'] as const;
export type ContactFailure = (typeof CONTACT_FAILURES)[number];

type Tagged<T extends string> = { hasTag(tag: T): boolean };

/** The step the machine's state shows. */
export function wizardStepOf(snapshot: Tagged<`step.${WizardStep}`>): WizardStep {
  return WIZARD_STEPS.find((step) => snapshot.hasTag(`step.${step}`)) ?? 'contact';
}

/** Why the last save of step 1 failed, or null when it did not. */
export function contactFailureOf(snapshot: Tagged<`failure.${ContactFailure}`>): ContactFailure | null {
  return CONTACT_FAILURES.find((failure) => snapshot.hasTag(`failure.${failure}`)) ?? null;
}
