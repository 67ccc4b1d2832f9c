import type { EventObject } from 'xstate';
import type { Step } from './sim/steps';

/** JSON for display: errors as their message, undefined kept visible. */
export function pretty(value: unknown, indent = 2): string {
  const text = JSON.stringify(
    value,
    (_key, v: unknown) =>
      v instanceof Error ? `Error: ${v.message}` : v === undefined ? '(sin definir)' : v,
    indent,
  );
  return text ?? '(sin definir)';
}

/** An event's payload (everything but its type) in one line, or '' when it has none. */
export function payloadText(event: EventObject): string {
  const { type: _type, ...rest } = event as EventObject & Record<string, unknown>;
  return Object.keys(rest).length === 0 ? '' : pretty(rest, 0);
}

export function stepText(step: Step): string {
  switch (step.kind) {
    case 'event': {
      const payload = payloadText(step.event);
      return `${step.event.type}${payload ? ` ${payload}` : ''}`;
    }
    case 'delay':
      return `espera ${step.type.slice('xstate.after.'.length)}`;
    case 'done':
      return `éxito ${step.id}${step.output === undefined ? '' : ` → ${pretty(step.output, 0)}`}`;
    case 'error':
      return `error ${step.id}: ${step.message}`;
  }
}

/** A state id without the machine id: `steps.contact.editing`. */
export function shortId(id: string): string {
  const dot = id.indexOf('.');
  return dot === -1 ? id : id.slice(dot + 1);
}
