import { describe, expect, it } from 'vitest';
import type { FlowNotes } from '../src/catalogue';
import { checkDataNotes } from '../src/docs/pages';
import {
  dataMeaning,
  fieldNote,
  knownValues,
  missingDataNotes,
  secondsText,
  valueMeaning,
  withArticle,
  withSeconds,
} from '../src/words';
import { doorFlow } from './fixtures/catalogue';

const notes: FlowNotes = {
  events: { 'code.typed': 'Se escribe el código.', open: 'Se abre.' },
  guards: {},
  actions: {},
  actors: {},
  delays: {},
  fields: { 'code.typed': { code: 'el código escrito' } },
  context: {
    code: 'código escrito',
    side: { meaning: 'lado', values: { left: 'izquierdo', null: 'ninguno' } },
    errors: { meaning: 'mensaje por campo', values: { code: 'el código' }, fields: { tries: 'intentos' } },
  },
};

describe('words: durations in seconds, one function for the explorer and the docs', () => {
  it('reads ms as seconds', () => {
    expect(secondsText(2000)).toBe('2 s');
    expect(secondsText(500)).toBe('0,5 s');
    expect(withSeconds('espera 1000 y 2000 ms')).toBe('espera 1 y 2 s');
  });
});

describe('words: the meaning of a datum', () => {
  it('a phrase, or a phrase with the meaning of its values and fields', () => {
    expect(dataMeaning(notes.context?.code)).toBe('código escrito');
    expect(dataMeaning(notes.context?.side)).toBe('lado');
    expect(dataMeaning(undefined)).toBeUndefined();
    expect(dataMeaning('  ')).toBeUndefined();
    expect(valueMeaning(notes.context?.side, 'left')).toBe('izquierdo');
    expect(valueMeaning(notes.context?.side, null)).toBe('ninguno');
    expect(valueMeaning(notes.context?.side, 'right')).toBeUndefined();
    expect(valueMeaning(notes.context?.side, 'toString')).toBeUndefined();
    expect(valueMeaning(notes.context?.code, 'left')).toBeUndefined();
    expect(knownValues(notes.context?.side)).toEqual([
      ['left', 'izquierdo'],
      ['null', 'ninguno'],
    ]);
    expect(fieldNote(notes.context?.errors, 'code')).toBe('el código');
    expect(fieldNote(notes.context?.errors, 'tries')).toBe('intentos');
    expect(fieldNote(notes.context?.errors, 'other')).toBeUndefined();
    expect(fieldNote('texto', 'code')).toBeUndefined();
  });
});

describe('notes check: every field of an event and of the context has a meaning', () => {
  it('passes when every field seen has one', () => {
    expect(
      missingDataNotes(notes, {
        events: [
          { type: 'code.typed', code: '1' } as never,
          { type: 'open' },
          { type: 'xstate.done.actor.x', output: 1 } as never,
        ],
        contexts: [{ code: '', side: null, errors: {} }],
      }),
    ).toEqual([]);
  });

  it('names each line to add and each context note that names nothing', () => {
    expect(
      missingDataNotes(notes, {
        events: [{ type: 'open', force: true } as never],
        contexts: [{ code: '', tries: 0 }],
      }),
    ).toEqual([
      "add notes.fields['open'].force (field force of open has no meaning)",
      'add notes.context.tries (context field tries has no meaning)',
      'remove notes.context.side (context note side names nothing)',
      'remove notes.context.errors (context note errors names nothing)',
    ]);
    expect(missingDataNotes({ ...notes, fields: { gone: {} } }, { events: [], contexts: [] })).toContain(
      "remove notes.fields['gone'] (gone is no event of the flow)",
    );
  });

  it('throws with the file that holds the notes; a flow without data notes is checked too', () => {
    expect(() =>
      checkDataNotes(
        doorFlow,
        { events: [{ type: 'code.typed', code: '1' } as never], contexts: [] },
        'door.flow.ts',
      ),
    ).toThrow(
      "door: in door.flow.ts, add notes.fields['code.typed'].code (field code of code.typed has no meaning)",
    );
  });
});

describe('words: a field named in a sentence, with its article', () => {
  it('says el, la, los or las by the first word, and leaves an article or a clause alone', () => {
    expect(withArticle('e-mail')).toBe('el e-mail');
    expect(withArticle('nombre del negocio')).toBe('el nombre del negocio');
    expect(withArticle('país')).toBe('el país');
    expect(withArticle('situación actual')).toBe('la situación actual');
    expect(withArticle('referencia del cobro')).toBe('la referencia del cobro');
    expect(withArticle('datos de la campaña')).toBe('los datos de la campaña');
    expect(withArticle('verificaciones contra bots fallidas seguidas')).toBe(
      'las verificaciones contra bots fallidas seguidas',
    );
    expect(withArticle('el país elegido (su código)')).toBe('el país elegido (su código)');
    expect(withArticle('si abrió la demo')).toBe('si abrió la demo');
  });
});
