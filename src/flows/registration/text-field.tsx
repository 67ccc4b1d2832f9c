import type { InputHTMLAttributes, ReactNode } from 'react';
import { REGISTRATION_COPY } from './copy';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  /** The message shown under the field, or undefined. Always rendered as text. */
  error: string | undefined;
  hint?: string;
  optional?: boolean;
  /** Shown before the input (the dialling prefix of the WhatsApp number). */
  prefix?: ReactNode;
  onChange(value: string): void;
  onBlur(): void;
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'onBlur'>;
}

/** A labelled text input with its hint and an inline error announced politely. */
export function TextField({
  id,
  label,
  value,
  error,
  hint,
  optional,
  prefix,
  onChange,
  onBlur,
  inputProps,
}: TextFieldProps) {
  const hintId = `${id}-ayuda`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', errorId].filter(Boolean).join(' ');
  return (
    <div className={error ? 'wizard-field has-error' : 'wizard-field'}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className="wizard-optional">{REGISTRATION_COPY.contacto.opcional}</span> : null}
      </label>
      {hint ? (
        <p className="wizard-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className={prefix ? 'wizard-input-group' : undefined}>
        {prefix}
        <input
          id={id}
          name={id}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={onBlur}
          {...inputProps}
        />
      </div>
      <p className="wizard-error" id={errorId} aria-live="polite">
        {error}
      </p>
    </div>
  );
}
