import { useEffect, useLayoutEffect, useRef } from 'react';
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
} from './lead-wizard.context';
import type { LeadWizardSnapshot } from './lead-wizard.machine';
import { ContactStep, contactFieldId } from './contact-step';
import type { WizardActor } from './lead-wizard.wiring';
import { preloadContactRules } from './load-contact-validation';
import { useWizardSelector as useSelector } from './use-wizard-selector';

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
 * Sends a field's value to the machine as a keystroke does; a value it refused (or did not take
 * while a save is in flight) is written back into the field, and the machine says why.
 */
function sendField(actor: WizardActor, field: ContactField, value: string): void {
  actor.send({ type: 'contact.change', field, value });
  const kept = machineValue(contactFieldsOf(actor.getSnapshot().context), field);
  const element = fieldElement(field);
  if (element && element.value !== kept) element.value = kept;
}

/**
 * Step 1 wired to the machine: the messages and failures it shows are the machine's (its context
 * and tags); the view runs no rule of its own. The fields are the server's HTML hydrated in place
 * and never replaced: their elements hold what the visitor types (before the code ran, while it
 * hydrated, and after), and every change reaches the machine as a 'contact.change' event, every
 * field left as a 'contact.blur'. Without a machine yet (`actor` undefined, between hydration and
 * the browser's wizard) the fields simply keep the text; the moment the machine exists it is
 * handed every field as it is then, judged exactly like typing, and a field left empty shows what
 * the machine resumed from a reload.
 */
export function ContactContainer({
  actor,
  focusOnMount,
  keepsProgress,
  startFailed = false,
}: {
  actor: WizardActor | undefined;
  focusOnMount: boolean;
  keepsProgress: boolean;
  /** The machine's code could not be downloaded: step 1 says so, as for a missing save file. */
  startFailed?: boolean;
}) {
  const contact = useSelector(actor, contactOf, sameContact);
  const canSubmit = useSelector(actor, (s) => s?.can({ type: 'contact.submit' }) ?? false);
  const busy = useSelector(actor, (s) => s?.hasTag('busy') ?? false);
  const canRetry = useSelector(actor, (s) => s?.can({ type: 'retry' }) ?? false);
  const saveFailure = useSelector(actor, failureOf);
  const failure = actor === undefined && startFailed ? DOWNLOAD_FAILED_MESSAGE : saveFailure;
  const errors = useSelector(actor, (s) => s?.context.contactErrors ?? NO_ERRORS);
  // Fields left before the machine existed: handed over with the values, so none loses its message.
  const leftEarly = useRef(new Set<ContactField>());

  // Set by a submit until the machine's verdict arrives; a keystroke ends it, so a verdict that
  // never came (the check could not load) cannot move the focus later, while the visitor types.
  const submitted = useRef(false);
  const onChange = (field: ContactField, value: string) => {
    submitted.current = false;
    preloadContactRules();
    if (actor) sendField(actor, field, value);
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
    for (const field of leftEarly.current) actor.send({ type: 'contact.blur', field });
    leftEarly.current.clear();
  }, [actor]);

  const onBlur = (field: ContactField) => {
    preloadContactRules();
    if (actor) actor.send({ type: 'contact.blur', field });
    else leftEarly.current.add(field);
  };

  // When the machine refuses a submit with the rules, the first field to correct takes the focus.
  useEffect(() => {
    if (!submitted.current) return;
    submitted.current = false;
    const firstInvalid = CONTACT_FIELDS.find((field) => errors[field] !== undefined);
    if (firstInvalid !== undefined) document.getElementById(contactFieldId(firstInvalid))?.focus();
  }, [errors]);

  const onSubmit = () => {
    preloadContactRules();
    submitted.current = true;
    actor?.send({ type: 'contact.submit' });
  };

  return (
    <div onFocus={preloadContactRules}>
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
