import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { HELD_FIELDS_KEY, HOLD_FIELDS_ATTRIBUTE } from '../../../src/boot/held-fields';
import { buildInlineScripts } from '../../../scripts/inline-scripts';

/* The head script as the pages carry it: it holds step 1's fields and puts them back after a reload. */
let script = '';
beforeAll(async () => {
  script = (await buildInlineScripts()).head;
}, 60_000);

type Page = Window & { eval(code: string): unknown };

const STEP_ONE = `<form ${HOLD_FIELDS_ATTRIBUTE}><input id="registro-nombre"><input id="registro-apellido"><select id="registro-pais"><option value=""></option><option value="CL">Chile</option></select></form><input id="buscar">`;

/** A page at /registro (or `body`) whose head script ran, then was parsed to its end. */
function load(held?: Record<string, string>, body = STEP_ONE, before?: (page: Page) => void): Page {
  const page = new Window({ url: 'https://sitio.test/registro' }) as Page;
  if (held) page.sessionStorage.setItem(HELD_FIELDS_KEY, JSON.stringify(held));
  before?.(page);
  page.eval(script);
  page.document.body.innerHTML = body;
  page.document.dispatchEvent(new page.Event('DOMContentLoaded'));
  return page;
}

const valueOf = (page: Page, id: string) =>
  (page.document.getElementById(id) as unknown as { value: string }).value;

function type(page: Page, id: string, value: string, event = 'input') {
  const field = page.document.getElementById(id) as unknown as {
    value: string;
    dispatchEvent(e: unknown): void;
  };
  field.value = value;
  field.dispatchEvent(new page.Event(event, { bubbles: true }));
}

describe("the head script's holding of step 1", () => {
  it('keeps what is typed and chosen in step 1, field by field, and nothing typed elsewhere', () => {
    const page = load();
    type(page, 'registro-nombre', 'Lucía');
    type(page, 'registro-pais', 'CL', 'change');
    type(page, 'buscar', 'pizza');
    expect(JSON.parse(page.sessionStorage.getItem(HELD_FIELDS_KEY) ?? '{}')).toEqual({
      'registro-nombre': 'Lucía',
      'registro-pais': 'CL',
    });
  });

  it('puts the held values back after a reload, before any code, into fields still empty', () => {
    const page = load(
      { 'registro-nombre': 'Lucía', 'registro-apellido': 'Paz', 'registro-pais': 'CL' },
      STEP_ONE,
      (p) => {
        // A field the browser or the visitor already filled keeps its text.
        p.eval(
          `document.addEventListener('DOMContentLoaded', () => { document.getElementById('registro-apellido').value = 'Díaz' }, { capture: true })`,
        );
      },
    );
    expect(valueOf(page, 'registro-nombre')).toBe('Lucía');
    expect(valueOf(page, 'registro-pais')).toBe('CL');
    expect(valueOf(page, 'registro-apellido')).toBe('Díaz');
  });

  it('opens no session storage on a page without step 1, and survives storage that throws', () => {
    const opened = load(undefined, '<input id="registro-nombre">', (p) =>
      p.eval(
        `Object.defineProperty(self, 'sessionStorage', { get() { self.__opened = true; throw new Error('blocked'); } })`,
      ),
    );
    type(opened, 'registro-nombre', 'Lucía');
    expect(opened.eval('self.__opened === true')).toBe(false);
    const blocked = load(undefined, STEP_ONE, (p) =>
      p.eval(`Object.defineProperty(self, 'sessionStorage', { get() { throw new Error('blocked'); } })`),
    );
    type(blocked, 'registro-nombre', 'Lucía');
    expect(valueOf(blocked, 'registro-nombre')).toBe('Lucía');
  });

  it('holds nothing once the page’s code has taken the fields', () => {
    const page = load({ 'registro-nombre': 'Lucía' });
    page.eval(`self.__fieldsTaken = true; sessionStorage.removeItem(${JSON.stringify(HELD_FIELDS_KEY)})`);
    type(page, 'registro-nombre', 'Lucía Paz');
    expect(page.sessionStorage.getItem(HELD_FIELDS_KEY)).toBeNull();
  });
});
