import { describe, expect, it } from 'vitest';
import { decodeSteps, encodeSteps, formatHash, parseHash, type Step } from '../src/explorer/sim/steps';

const steps: Step[] = [
  { kind: 'event', event: { type: 'contact.change', field: 'nombre', value: 'José Ñandú ✓' } as never },
  { kind: 'event', event: { type: 'step.next' }, unchecked: true },
  { kind: 'delay', type: 'xstate.after.redirectDelay.welcome.preparing' },
  { kind: 'done', id: 'createLead', output: { id: 'lead-42', estado: 'nuevo' } },
  { kind: 'done', id: 'loadSdk' },
  { kind: 'error', id: 'updateLead', message: 'No se pudo actualizar' },
  { kind: 'context', context: { email: 'ana@' } },
];

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('links to a simulated state', () => {
  it('round-trip every kind of step, with non-ASCII payloads, as base64url', () => {
    const encoded = encodeSteps(steps);
    expect(encoded).toMatch(/^[\w-]+$/);
    expect(decodeSteps(encoded)).toEqual(steps);
    const hash = formatHash('lead-wizard', 1, steps);
    expect(hash).toBe(`#/lead-wizard?c=1&e=${encoded}`);
    expect(parseHash(hash)).toEqual({ slug: 'lead-wizard', run: 1, steps, error: undefined });
    expect(formatHash('welcome', undefined, [])).toBe('#/welcome');
    expect(parseHash('')).toEqual({ slug: undefined, run: undefined, steps: [], error: undefined });
  });

  it.each([
    ['not base64url', '%%%', 'los pasos no están en base64url'],
    ['not JSON', Buffer.from('[no').toString('base64url'), 'los pasos no son JSON válido'],
    ['not a list', b64({ a: 1 }), 'los pasos no son una lista'],
    ['an unknown step', b64([['x', 1]]), 'el paso 1 es de un tipo desconocido'],
    [
      'an internal event type',
      b64([['e', { type: 'xstate.done.actor.x' }]]),
      'el paso 1 no es un evento válido',
    ],
    [
      'an event without a type',
      b64([
        ['ok', 'a'],
        ['e', { field: 1 }],
      ]),
      'el paso 2 no es un evento válido',
    ],
    ['a delay that is not one', b64([['t', 'step.next']]), 'no es una espera válida'],
    ['a too long link', 'A'.repeat(20001), 'el enlace es demasiado largo'],
  ])('reject %s with a Spanish reason and keep the flow', (_label, e, reason) => {
    const route = parseHash(`#/lead-wizard?e=${e}`);
    expect(route.slug).toBe('lead-wizard');
    expect(route.steps).toEqual([]);
    expect(route.error).toContain(reason);
  });

  it('reject a case that is not a number', () => {
    expect(parseHash('#/welcome?c=uno').error).toBe('el caso de prueba (c) no es un número');
  });
});
