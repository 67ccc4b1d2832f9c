import type { FormEvent } from 'react';
import { HOLD_FIELDS_ATTRIBUTE } from '../../boot/held-fields';
import { COUNTRIES, COUNTRY_LIST, parseCountryCode } from '../../domain/countries';
import { CONTACT_FIELD_MAX_LENGTH, type ContactField, type LeadContact } from '../../domain/lead-payload';
import type { ContactErrors } from './lead-wizard.machine';
import { REGISTRATION_COPY } from './copy';
import { StepHeading } from './step-heading';
import { TextField } from './text-field';

export interface ContactStepProps {
  contact: LeadContact;
  /** The machine's messages, one per field to correct (only fields the visitor left or submitted). */
  errors: ContactErrors;
  /** 'Siguiente' is enabled (the machine can take the submit). */
  canSubmit: boolean;
  /** A request (bot check or create) is in flight. */
  busy: boolean;
  /** The failure of the last attempt, in Spanish, or null. */
  failure: string | null;
  canRetry: boolean;
  focusOnMount: boolean;
  /** False when the browser keeps no storage for the site: step 1 says so once. */
  keepsProgress: boolean;
  onChange(field: ContactField, value: string): void;
  onBlur(field: ContactField): void;
  onSubmit(): void;
  onRetry(): void;
}

const COPY = REGISTRATION_COPY.contacto;
const HEADING_ID = 'paso-contacto';

/** The id of a contact field's control, which the container also focuses and reads. */
export const contactFieldId = (field: ContactField) => `registro-${field}`;

/** Step 1: business name, first and last name, country, WhatsApp number, optional e-mail. */
export function ContactStep(props: ContactStepProps) {
  const { contact, errors, canSubmit, busy, failure, canRetry, focusOnMount, onChange, onBlur } = props;
  const country = contact.pais === null ? undefined : COUNTRIES[contact.pais];
  const field = (name: ContactField) => ({
    id: contactFieldId(name),
    value: name === 'pais' ? (contact.pais ?? '') : contact[name],
    maxLength: CONTACT_FIELD_MAX_LENGTH[name],
    error: errors[name],
    onChange: (value: string) => onChange(name, value),
    onBlur: () => onBlur(name),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canSubmit) props.onSubmit();
  };
  const pais = field('pais');

  return (
    // Held by the head script until the machine takes the fields (held-fields.ts).
    <form
      className="wizard-step"
      aria-labelledby={HEADING_ID}
      noValidate
      onSubmit={submit}
      {...{ [HOLD_FIELDS_ATTRIBUTE]: '' }}
    >
      <StepHeading id={HEADING_ID} focusOnMount={focusOnMount}>
        {COPY.titulo}
      </StepHeading>
      <p className="wizard-lead">{COPY.bajada}</p>
      {props.keepsProgress ? null : (
        <p className="wizard-notice" role="note">
          {COPY.sinAlmacenamiento}
        </p>
      )}

      <TextField
        {...field('nombreEmpresa')}
        label={COPY.nombreEmpresa}
        inputProps={{ autoComplete: 'organization', required: true, enterKeyHint: 'next' }}
      />
      <div className="wizard-row">
        <TextField
          {...field('nombre')}
          label={COPY.nombre}
          inputProps={{ autoComplete: 'given-name', required: true, enterKeyHint: 'next' }}
        />
        <TextField
          {...field('apellido')}
          label={COPY.apellido}
          inputProps={{ autoComplete: 'family-name', required: true, enterKeyHint: 'next' }}
        />
      </div>

      <div className={pais.error ? 'wizard-field has-error' : 'wizard-field'}>
        <label htmlFor={pais.id}>{COPY.pais}</label>
        <select
          id={pais.id}
          name={pais.id}
          defaultValue={pais.value}
          required
          aria-invalid={pais.error ? true : undefined}
          aria-describedby={`${pais.id}-error`}
          onChange={(e) => pais.onChange(parseCountryCode(e.currentTarget.value) ?? '')}
          onBlur={pais.onBlur}
        >
          <option value="">{COPY.eligePais}</option>
          {COUNTRY_LIST.map((c) => (
            <option key={c.codigo} value={c.codigo}>
              {`${c.nombre} (${c.prefijo})`}
            </option>
          ))}
        </select>
        <p className="wizard-error" id={`${pais.id}-error`} aria-live="polite">
          {pais.error}
        </p>
      </div>

      <TextField
        {...field('whatsapp')}
        label={COPY.whatsapp}
        hint={country ? COPY.whatsappAyuda(country.prefijo) : COPY.whatsappAyudaSinPais}
        prefix={
          <span className="wizard-prefix" aria-hidden="true">
            {country?.prefijo ?? '+'}
          </span>
        }
        inputProps={{
          // A national number (the country is chosen above): `tel-national` is for a text field, the
          // keypad comes from inputMode.
          type: 'text',
          inputMode: 'numeric',
          autoComplete: 'tel-national',
          required: true,

          enterKeyHint: 'next',
        }}
      />
      <TextField
        {...field('email')}
        label={COPY.email}
        optional
        inputProps={{ type: 'email', inputMode: 'email', autoComplete: 'email', enterKeyHint: 'send' }}
      />

      <div className="wizard-status" role="alert">
        {failure ? (
          <div className="wizard-failure">
            <p>{failure}</p>
            <p>{COPY.datosGuardados}</p>
            {canRetry ? (
              <button type="button" className="btn" onClick={props.onRetry} disabled={busy}>
                {COPY.reintentar}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>

      <p className="wizard-busy" role="status">
        {busy ? COPY.guardando : ''}
      </p>
      <div className="wizard-actions">
        <button type="submit" className="btn btn-primary" disabled={!canSubmit}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {` ${REGISTRATION_COPY.siguiente}`}
        </button>
      </div>
    </form>
  );
}
