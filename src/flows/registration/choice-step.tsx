import type { FormEvent } from 'react';
import { REGISTRATION_COPY as COPY } from './copy';
import { StepHeading } from './step-heading';

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
}

export interface ChoiceStepProps<T extends string> {
  /** Used for element ids and the radio group name. */
  name: string;
  title: string;
  intro?: string;
  options: readonly ChoiceOption<T>[];
  selected: T | null;
  canNext: boolean;
  /** The machine takes 'step.back' here: the step shows 'Atrás' (steps 3 and 4). */
  canBack: boolean;
  focusOnMount: boolean;
  onSelect(value: T): void;
  onNext(): void;
  onBack(): void;
}

/**
 * Steps 2 to 4: one choice among large tappable options. Native radio buttons, so the group works
 * with the keyboard alone (Tab into the group, arrows to choose, Enter to continue).
 */
export function ChoiceStep<T extends string>(props: ChoiceStepProps<T>) {
  const { name, title, intro, options, selected, canNext, canBack, focusOnMount } = props;
  const headingId = `paso-${name}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canNext) props.onNext();
  };
  return (
    <form className="wizard-step" noValidate onSubmit={submit}>
      <StepHeading id={headingId} focusOnMount={focusOnMount}>
        {title}
      </StepHeading>
      {intro ? <p className="wizard-lead">{intro}</p> : null}
      <fieldset className="wizard-choices" aria-labelledby={headingId}>
        {options.map((option) => {
          const id = `registro-${name}-${option.value}`;
          return (
            <div className="wizard-choice" key={option.value}>
              <input
                type="radio"
                id={id}
                name={`registro-${name}`}
                value={option.value}
                checked={selected === option.value}
                onChange={() => props.onSelect(option.value)}
              />
              <label htmlFor={id}>{option.label}</label>
            </div>
          );
        })}
      </fieldset>
      <p className="wizard-hint wizard-choice-hint" aria-live="polite">
        {selected === null ? COPY.preguntas.eligeUnaOpcion : ''}
      </p>
      <div className="wizard-actions">
        {canBack ? (
          <button type="button" className="btn" onClick={props.onBack}>
            {COPY.atras}
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={!canNext}>
          {COPY.siguiente}
        </button>
      </div>
    </form>
  );
}
