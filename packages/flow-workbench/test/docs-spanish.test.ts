import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { renderFlowPage, renderIndex } from '../src/docs/pages';
import { secondsText, splitEventNote, withSeconds } from '../src/docs/spanish';
import type { FlowEntry } from '../src/catalogue';

describe('docs pages: durations in seconds', () => {
  it('writes a duration in ms as a person reads it', () => {
    expect(secondsText(2000)).toBe('2 s');
    expect(secondsText(10000)).toBe('10 s');
    expect(secondsText(500)).toBe('0,5 s');
    expect(secondsText(1250)).toBe('1,25 s');
  });

  it('rewrites every duration in ms of a text, lists included', () => {
    expect(withSeconds('Se muestra durante 2000 ms.')).toBe('Se muestra durante 2 s.');
    expect(withSeconds('tras 1000, 2000, 4000 y 30000 ms (y luego cada 30000 ms)')).toBe(
      'tras 1, 2, 4 y 30 s (y luego cada 30 s)',
    );
    expect(withSeconds('aparece a los 500 ms o 1500ms')).toBe('aparece a los 0,5 s o 1,5 s');
    // Words that only contain the letters are left alone.
    expect(withSeconds('mismos 3 mensajes')).toBe('mismos 3 mensajes');
  });
});

describe('docs pages: an event’s data out of its note', () => {
  it('leaves a note without data as it is', () => {
    expect(splitEventNote('El visitante pulsa el botón.')).toEqual({
      meaning: 'El visitante pulsa el botón.',
      data: '',
    });
  });

  it('takes the field list out of the sentence, keeping what follows', () => {
    expect(
      splitEventNote('El visitante elige un rubro: `{ value }`; un rubro nuevo borra el sector.'),
    ).toEqual({ meaning: 'El visitante elige un rubro; un rubro nuevo borra el sector.', data: '`value`' });
    expect(splitEventNote('El medio de pago aprobó el pedido: `{ orderId }`.')).toEqual({
      meaning: 'El medio de pago aprobó el pedido.',
      data: '`orderId`',
    });
  });

  it('moves what the note says about the fields to the data, meaning first', () => {
    expect(
      splitEventNote('El visitante cambia un dato: `{ field, value }` (para `pais`, el código).'),
    ).toEqual({
      meaning: 'El visitante cambia un dato.',
      data: '`field`, `value` (para `pais`, el código)',
    });
    expect(splitEventNote('El visitante pulsa otro: `{ idempotencyKey }`, una clave nueva.')).toEqual({
      meaning: 'El visitante pulsa otro.',
      data: 'Una clave nueva (`idempotencyKey`)',
    });
    // A parenthesis that names every field says it all.
    expect(splitEventNote('Envía: `{ a, b }` (`a` es la dirección; `b`, el método).')).toEqual({
      meaning: 'Envía.',
      data: '`a` es la dirección; `b`, el método',
    });
  });
});

describe('docs pages: Spanish, meaning first', () => {
  const machine = setup({
    guards: { isReady: () => true },
    actions: { greet: () => {} },
    delays: { shortDelay: 1500 },
  }).createMachine({
    id: 'tiny',
    initial: 'a',
    states: {
      a: {
        description: 'Se espera al visitante.',
        entry: 'greet',
        on: { go: { guard: 'isReady', target: 'b', description: 'El visitante sigue.' } },
        after: { shortDelay: { target: 'b', description: 'Pasada la espera, sigue solo.' } },
      },
      b: { type: 'final', description: 'Listo.' },
    },
  });
  const entry: FlowEntry = {
    slug: 'tiny',
    title: 'Mínimo',
    description: 'Un flujo mínimo que espera 1500 ms.',
    source: 'src/tiny.machine.ts',
    machine,
    exampleInput: undefined,
    notes: {
      events: { go: 'El visitante pulsa seguir: `{ value }`.' },
      guards: { isReady: 'El visitante está listo.' },
      actions: { greet: 'Saluda al visitante.' },
      actors: {},
      delays: { shortDelay: 'Tiempo antes de seguir solo.' },
    },
  };
  const page = renderFlowPage(entry);

  it('names each thing by its meaning, its identifier in the column En el código', () => {
    expect(page).toContain('| Se espera al visitante. | `a` | simple, inicial |  | al entrar: `greet` |  |');
    expect(page).toContain('| Listo. | `b` | final |');
    expect(page).toContain('| El visitante sigue. | `a` | `b` | `go [isReady]` |');
    expect(page).toContain('| Pasada la espera, sigue solo. | `a` | `b` | `tras shortDelay (1,5 s)` |');
    expect(page).toContain('| El visitante pulsa seguir. | `go` | `value` | `a` |');
    expect(page).toContain('| El visitante está listo. | `isReady` | `a` |');
    expect(page).toContain('| Saluda al visitante. | `greet` | `a` (al entrar) |');
    expect(page).toContain('| Tiempo antes de seguir solo. | `shortDelay` | 1,5 s | `a` |');
    expect(page).toContain('_Este flujo no llama a servicios._');
    expect(page).toContain('Un flujo mínimo que espera 1,5 s.');
  });

  it('counts the states as QA does, the root included, and says so', () => {
    expect(page).toContain(
      'Este flujo tiene 3 estados, contando el estado raíz (la máquina entera), como los cuenta la corrida de QA en el navegador, y 2 transiciones.',
    );
    const index = renderIndex([entry], 'Los flujos.');
    expect(index).toContain(
      '| [Mínimo](./tiny.md) | `tiny` | [`tiny.stately.js`](./tiny.stately.js) | 3 | 2 |',
    );
    expect(index).toContain('con el estado raíz (la máquina entera)');
  });
});
