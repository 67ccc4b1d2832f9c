import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { parseCountryCode } from '../../domain/countries';
import { CONTACT_FIELDS, type ContactField, type LeadContact } from '../../domain/lead-payload';
import {
  BOT_CHECK_FAILED_MESSAGE,
  DOWNLOAD_FAILED_MESSAGE,
  MAINTENANCE_MESSAGE,
  rateLimitedMessage,
  refusedFieldMessage,
} from '../../domain/messages';
import { firstRefusedDataField, type SaveFailure } from '../../domain/save-failure';
import {
  contactFailureOf,
  contactOf as contactFieldsOf,
  initialLeadWizardContext,
  type ContactErrors,
  type ContactFailure,
  type LeadWizardSnapshot,
} from './lead-wizard.machine';
import { ContactStep, contactFieldId } from './contact-step';
import { loadContactValidation, type ValidateContact as Validate } from './load-contact-validation';
import type { WizardActor } from './lead-wizard.wiring';

/** Step 1 before the machine exists: the machine's own empty start. */
const EMPTY_CONTACT = contactFieldsOf(initialLeadWizardContext({ idempotencyKey: '' }));
const NO_ERRORS: ContactErrors = {};

const contactOf = (snapshot: LeadWizardSnapshot | undefined): LeadContact =>
  snapshot ? contactFieldsOf(snapshot.context) : EMPTY_CONTACT;

function sameContact(a: LeadContact, b: LeadContact): boolean {
  return CONTACT_FIELDS.every((field) => a[field] === b[field]);
}

/** The message of each failure, naming its cause ('mantenimiento' only for the server down). */
const FAILURE_MESSAGES: Readonly<Record<ContactFailure, (details: SaveFailure | null) => string>> = {
  create: () => MAINTENANCE_MESSAGE,
  botCheck: () => BOT_CHECK_FAILED_MESSAGE,
  rateLimited: (details) => rateLimitedMessage(details?.retryAfterSeconds ?? null),
  refused: (details) => refusedFieldMessage(details ? firstRefusedDataField(details) : undefined),
  download: () => DOWNLOAD_FAILED_MESSAGE,
};

function failureOf(snapshot: LeadWizardSnapshot | undefined): string | null {
  if (!snapshot) return null;
  const failure = contactFailureOf(snapshot);
  return failure === null ? null : FAILURE_MESSAGES[failure](snapshot.context.saveFailure);
}

/** What a field holds for the machine: the text, or the country's code ('' for none). */
const machineValue = (contact: LeadContact, field: ContactField): string =>
  field === 'pais' ? (contact.pais ?? '') : contact[field];

/** A step-1 field's element (the server's, hydrated in place), found by its id. */
function fieldElement(field: ContactField): HTMLInputElement | HTMLSelectElement | null {
  const element = document.getElementById(contactFieldId(field));
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element : null;
}

/**
 * Sends a field's value to the machine as a keystroke does, and returns what the machine kept:
 * a value it refused (or did not take while a save is in flight) is written back into the field.
 */
function sendField(actor: WizardActor, field: ContactField, value: string): string {
  actor.send({ type: 'contact.change', field, value });
  const kept = machineValue(contactFieldsOf(actor.getSnapshot().context), field);
  const element = fieldElement(field);
  if (element && element.value !== kept) element.value = kept;
  return kept;
}

/**
 * Step 1 wired to the machine: failures from the snapshot, messages from the schema. The fields
 * are the server's HTML hydrated in place and never replaced: their elements hold what the
 * visitor types (before the code ran, while it hydrated, and after), and every change reaches the
 * machine as a 'contact.change' event. Without a machine yet (`actor` undefined, between
 * hydration and the browser's wizard) the fields simply keep the text; the moment the machine
 * exists it is handed every field as it is then, judged exactly like typing, and a field left
 * empty shows what the machine resumed from a reload.
 */
export function ContactContainer({
  actor,
  focusOnMount,
  keepsProgress,
}: {
  actor: WizardActor | undefined;
  focusOnMount: boolean;
  keepsProgress: boolean;
}) {
  const contact = useSelector(actor, contactOf, sameContact);
  const canSubmit = useSelector(actor, (s) => s?.can({ type: 'contact.submit' }) ?? false);
  const busy = useSelector(actor, (s) => s?.hasTag('busy') ?? false);
  const canRetry = useSelector(actor, (s) => s?.can({ type: 'retry' }) ?? false);
  const failure = useSelector(actor, failureOf);
  const [validate, setValidate] = useState<Validate | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<ContactField>>(new Set());
  // Values the machine refused to keep: the message explains why nothing changed.
  const [refused, setRefused] = useState<Partial<Record<ContactField, string>>>({});

  const ensureValidator = useCallback(() => {
    if (validate) return Promise.resolve(validate);
    return loadContactValidation().then((fn) => {
      setValidate(() => fn);
      return fn;
    });
  }, [validate]);

  const errors = useMemo<ContactErrors>(() => {
    if (!validate) return {};
    const all = validate(contact);
    const shown: ContactErrors = {};
    for (const field of CONTACT_FIELDS) {
      const attempted = refused[field];
      const message =
        attempted !== undefined ? validate({ ...contact, [field]: attempted })[field] : all[field];
      if (message !== undefined && (touched.has(field) || attempted !== undefined)) shown[field] = message;
    }
    return shown;
  }, [validate, contact, touched, refused]);

  // Set by a submit until the machine's verdict arrives; a keystroke ends it, so a verdict that
  // never came (the check could not load) cannot move the focus later, while the visitor types.
  const submitted = useRef(false);
  const onChange = (field: ContactField, value: string) => {
    submitted.current = false;
    void ensureValidator().catch(() => undefined);
    if (!actor) return;
    const kept = sendField(actor, field, value);
    setRefused((current) => {
      const next = { ...current };
      if (kept === value) delete next[field];
      else next[field] = value;
      return next;
    });
  };

  // Committed with the machine's arrival, before any later keystroke can be handled: each field
  // the visitor filled is sent as typed; an empty one takes the value the machine resumed.
  useLayoutEffect(() => {
    if (!actor) return;
    for (const field of CONTACT_FIELDS) {
      const element = fieldElement(field);
      if (!element) continue;
      if (element.value === '') {
        element.value = machineValue(contactFieldsOf(actor.getSnapshot().context), field);
        continue;
      }
      sendField(actor, field, field === 'pais' ? (parseCountryCode(element.value) ?? '') : element.value);
    }
  }, [actor]);

  const onBlur = (field: ContactField) => {
    void ensureValidator().catch(() => undefined);
    setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
  };

  // The machine decides with the shared schema (its validateContact step); when it refuses, every
  // field shows its message and the first one to correct takes the focus.
  const verdict = useSelector(actor, (s) => s?.context.contactErrors ?? NO_ERRORS);
  useEffect(() => {
    if (!submitted.current) return;
    submitted.current = false;
    const firstInvalid = CONTACT_FIELDS.find((field) => verdict[field] !== undefined);
    if (firstInvalid !== undefined) document.getElementById(contactFieldId(firstInvalid))?.focus();
  }, [verdict]);

  const onSubmit = () => {
    void ensureValidator().catch(() => undefined);
    setTouched(new Set(CONTACT_FIELDS));
    submitted.current = true;
    actor?.send({ type: 'contact.submit' });
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
        onSubmit={onSubmit}
        keepsProgress={keepsProgress}
        onRetry={() => actor?.send({ type: 'retry' })}
      />
    </div>
  );
}
