import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
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
  type ContactErrors,
  type ContactFailure,
  type LeadWizardSnapshot,
} from './lead-wizard.machine';
import { restorePrerenderedFocus, type PrerenderedFields } from '../../ui/hooks/prerendered-fields';
import { ContactStep, contactFieldId } from './contact-step';
import { loadContactValidation, type ValidateContact as Validate } from './load-contact-validation';
import type { WizardActor } from './lead-wizard.wiring';

const contactOf = (snapshot: LeadWizardSnapshot): LeadContact => contactFieldsOf(snapshot.context);

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

function failureOf(snapshot: LeadWizardSnapshot): string | null {
  const failure = contactFailureOf(snapshot);
  return failure === null ? null : FAILURE_MESSAGES[failure](snapshot.context.saveFailure);
}

/** The ids of step 1's fields, for reading what was typed into the prerendered form. */
export const CONTACT_FIELD_IDS = CONTACT_FIELDS.map(contactFieldId);

/**
 * Step 1 wired to the machine: values and failures from the snapshot, messages from the schema.
 * `prerendered` holds what the visitor typed before the page's code ran: each value is sent once,
 * on mount, exactly as the keystrokes would have sent it.
 */
export function ContactContainer({
  actor,
  focusOnMount,
  prerendered,
}: {
  actor: WizardActor;
  focusOnMount: boolean;
  prerendered?: PrerenderedFields;
}) {
  const contact = useSelector(actor, contactOf, sameContact);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'contact.submit' }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canRetry = useSelector(actor, (s) => s.can({ type: 'retry' }));
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
    const kept = actor.getSnapshot().can({ type: 'contact.change', field, value });
    actor.send({ type: 'contact.change', field, value });
    setRefused((current) => {
      const next = { ...current };
      if (kept) delete next[field];
      else next[field] = value;
      return next;
    });
  };

  const adoptPrerendered = useEffectEvent((fields: PrerenderedFields) => {
    for (const field of CONTACT_FIELDS) {
      const value = fields.values.get(contactFieldId(field));
      if (value !== undefined) onChange(field, field === 'pais' ? (parseCountryCode(value) ?? '') : value);
    }
    restorePrerenderedFocus(fields);
  });
  useEffect(() => {
    // Once, from an external source (the server HTML as the visitor left it): the state updates of
    // a keystroke are what "as if typed" means here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (prerendered) adoptPrerendered(prerendered);
  }, [prerendered]);

  const onBlur = (field: ContactField) => {
    void ensureValidator().catch(() => undefined);
    setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
  };

  // The machine decides with the shared schema (its validateContact step); when it refuses, every
  // field shows its message and the first one to correct takes the focus.
  const verdict = useSelector(actor, (s) => s.context.contactErrors);
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
    actor.send({ type: 'contact.submit' });
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
        onRetry={() => actor.send({ type: 'retry' })}
      />
    </div>
  );
}
