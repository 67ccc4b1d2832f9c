import type { InputHTMLAttributes, ReactNode } from 'react';
import { REGISTRATION_COPY } from './copy';

interface TextFieldProps {
  id: string;
  label: string;
  /** The machine's value: the field's initial text when it mounts; the element keeps what is typed. */
  value: string;
  /** The schema's limit: nothing typed, even before the page's code runs, is ever refused for length. */
  maxLength: number;
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

/**
 * A labelled text input with its hint and an inline error announced politely. Uncontrolled: the
 * element, not a render, holds the text, so the server's field hydrates in place with what was
 * typed before the code ran, and no render can write over a keystroke, a caret or a composition.
 */
export function TextField({
  id,
  label,
  value,
  error,
  hint,
  optional,
  prefix,
  maxLength,
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
          type="text"
          defaultValue={value}
          maxLength={maxLength}
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
