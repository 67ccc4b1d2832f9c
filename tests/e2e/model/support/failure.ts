/**
 * A failed state check told in Spanish for the flow explorer (results.json's `failure`): which state,
 * what its check expected and what the page showed. It reads the `matcherResult` Playwright's expect
 * errors carry (`name`, `expected`, `actual`, `pass`); without a browser, so the unit tests feed it
 * the same shapes.
 */
import type { StateFailure } from '@tienda/flow-workbench/kit';

/** What Playwright's expect attaches to the error it throws. */
export interface MatcherResult {
  name: string;
  pass: boolean;
  expected?: unknown;
  actual?: unknown;
  message?: string;
}

/** Long texts are cut: the explorer shows the phrase next to the chart, the full text is in `error`. */
const MAX_TEXT = 160;

function quoted(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `«${flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT - 1)}…` : flat}»`;
}

/** The noun each text matcher compares, and what an empty value reads as. */
const TEXT_MATCHERS: Record<string, { noun: string; empty: string }> = {
  toHaveText: { noun: 'el texto', empty: 'ningún texto' },
  toContainText: { noun: 'el texto', empty: 'ningún texto' },
  toHaveValue: { noun: 'el valor', empty: 'el campo vacío' },
  toHaveAttribute: { noun: 'el atributo con el valor', empty: 'el atributo vacío' },
  toHaveCSS: { noun: 'el estilo', empty: 'ningún estilo' },
  toHaveClass: { noun: 'la clase', empty: 'ninguna clase' },
  toContainClass: { noun: 'la clase', empty: 'ninguna clase' },
  toHaveAccessibleName: { noun: 'el nombre accesible', empty: 'ningún nombre accesible' },
  toHaveAccessibleDescription: { noun: 'la descripción accesible', empty: 'ninguna descripción accesible' },
  toHaveAccessibleErrorMessage: { noun: 'el mensaje de error accesible', empty: 'ningún mensaje de error' },
  toHaveRole: { noun: 'el rol', empty: 'ningún rol' },
  toHaveId: { noun: 'el id', empty: 'ningún id' },
  toHaveTitle: { noun: 'el título de la página', empty: 'ningún título' },
  toHaveURL: { noun: 'la dirección', empty: 'ninguna dirección' },
};

/** Playwright's words for an element's state (toBeVisible's 'visible', toBeFocused's 'inactive'...). */
const ELEMENT_STATES: Record<string, string> = {
  visible: 'visible',
  hidden: 'oculto',
  attached: 'en la página',
  detached: 'fuera de la página',
  checked: 'marcado',
  unchecked: 'sin marcar',
  indeterminate: 'a medio marcar',
  enabled: 'habilitado',
  disabled: 'deshabilitado',
  editable: 'editable',
  readOnly: 'de solo lectura',
  focused: 'con el foco',
  inactive: 'sin el foco',
  empty: 'vacío',
  'in viewport': 'dentro de la pantalla',
  'have attribute': 'con el atributo',
};

/** What the page shows when the locator found nothing. */
export const NOT_ON_PAGE = 'no está en la página';

function count(n: number): string {
  return n === 0 ? 'ningún elemento' : n === 1 ? '1 elemento' : `${n} elementos`;
}

function isRegExp(value: unknown): value is RegExp {
  return value instanceof RegExp || Object.prototype.toString.call(value) === '[object RegExp]';
}

function plain(value: unknown): string {
  if (value === undefined) return 'nada';
  if (typeof value === 'string') return quoted(value);
  if (isRegExp(value)) return `algo que coincida con ${String(value)}`;
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  return `el valor ${quoted(json ?? String(value))}`;
}

function textPhrase(noun: string, empty: string, value: unknown): string {
  if (isRegExp(value)) return `${noun} que coincida con ${String(value)}`;
  if (value === '') return empty;
  return `${noun} ${quoted(String(value))}`;
}

function texts(values: readonly unknown[]): string {
  if (values.length === 0) return 'ningún elemento';
  return `los textos ${values.map((v) => (isRegExp(v) ? String(v) : quoted(String(v)))).join(', ')}`;
}

/** A negated check failed because the page showed exactly what it must not show. */
const not = (phrase: string) => `cualquier cosa menos ${phrase}`;

/**
 * The expectation and what the page showed, in Spanish, for a Playwright expect result that did not
 * pass. `pass` is true when a negated check (`.not`) failed: the page showed what it must not.
 */
export function describeMismatch(result: MatcherResult): { expected: string; seen: string } {
  const { name, expected, actual } = result;
  const negated = result.pass;

  if (name === 'toHaveCount' && typeof expected === 'number') {
    const seen = typeof actual === 'number' ? count(actual) : NOT_ON_PAGE;
    return { expected: negated ? not(count(expected)) : count(expected), seen };
  }
  if (Array.isArray(expected)) {
    const seen = Array.isArray(actual) ? texts(actual) : NOT_ON_PAGE;
    return { expected: negated ? not(texts(expected)) : texts(expected), seen };
  }
  const text = TEXT_MATCHERS[name];
  if (text) {
    const wanted = textPhrase(text.noun, text.empty, expected);
    const seen = actual === undefined ? NOT_ON_PAGE : textPhrase(text.noun, text.empty, actual);
    return { expected: negated ? not(wanted) : wanted, seen };
  }
  if (typeof expected === 'string' && expected in ELEMENT_STATES) {
    const wanted = ELEMENT_STATES[expected] as string;
    if (negated) return { expected: `no ${wanted}`, seen: wanted };
    if (actual === undefined) return { expected: wanted, seen: NOT_ON_PAGE };
    return {
      expected: wanted,
      seen: typeof actual === 'string' ? (ELEMENT_STATES[actual] ?? quoted(actual)) : plain(actual),
    };
  }
  // expect(value) and expect.poll: toBe, toEqual, toBeGreaterThan... on a value the test read.
  return { expected: negated ? not(plain(expected)) : plain(expected), seen: plain(actual) };
}

function matcherResultOf(error: unknown): MatcherResult | undefined {
  if (typeof error !== 'object' || error === null || !('matcherResult' in error)) return undefined;
  const result = (error as { matcherResult: unknown }).matcherResult;
  if (typeof result !== 'object' || result === null) return undefined;
  const { name, pass } = result as Partial<MatcherResult>;
  return typeof name === 'string' && typeof pass === 'boolean' ? (result as MatcherResult) : undefined;
}

/**
 * The failure of a state's check: what it expected and what the page showed. An error that is not
 * an expect's (a locator call that timed out inside the check) says only that the check could not
 * finish; the runner's own text stays in `error`.
 */
export function stateFailure(state: string, error: unknown): StateFailure {
  const result = matcherResultOf(error);
  if (!result)
    return {
      state,
      expected: 'que la comprobación del estado termine',
      seen: 'un error de la prueba antes de comparar (ver el mensaje del ejecutor)',
    };
  return { state, ...describeMismatch(result) };
}
