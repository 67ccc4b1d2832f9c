/**
 * Values in a link, written the way a person can read them (a Rison dialect: JSON without the
 * quotes and braces that a URL would escape): `(field:nombre,value:'Ana María')` for an object,
 * `!(a,b)` for a list, `!t` `!f` `!n` for true, false and null, numbers as in JSON, and strings
 * bare when they are a plain word (`lead-42`, `nombreEmpresa`), else in single quotes with `!'`
 * for a quote and `!!` for an exclamation mark. `undefined` values of an object are left out.
 */

export class RisonError extends Error {}

/** A string written without quotes: a word that cannot be read as anything else. */
const BARE = /^[A-Za-z_][A-Za-z0-9_.@/-]*$/;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;
const MAX_DEPTH = 20;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function encodeString(text: string): string {
  return BARE.test(text) ? text : `'${text.replace(/!/g, '!!').replace(/'/g, "!'")}'`;
}

export function toRison(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) throw new RisonError('el valor está demasiado anidado');
  if (value === null || value === undefined) return '!n';
  if (value === true) return '!t';
  if (value === false) return '!f';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RisonError('un número no es finito');
    return String(value);
  }
  if (typeof value === 'string') return encodeString(value);
  if (Array.isArray(value)) return `!(${value.map((v) => toRison(v, depth + 1)).join(',')})`;
  if (value instanceof Error) return encodeString(value.message);
  if (isRecord(value)) {
    const parts = Object.entries(value)
      .filter(([, v]) => v !== undefined && typeof v !== 'function')
      .map(([k, v]) => `${encodeString(k)}:${toRison(v, depth + 1)}`);
    return `(${parts.join(',')})`;
  }
  throw new RisonError('el valor no se puede escribir en un enlace');
}

/** Reads one value from `text` at `start`; returns it and where it ends. */
export function readRison(text: string, start = 0, depth = 0): { value: unknown; end: number } {
  if (depth > MAX_DEPTH) throw new RisonError('el valor está demasiado anidado');
  const c = text[start];
  if (c === undefined) throw new RisonError('falta un valor');
  if (c === '!') {
    const next = text[start + 1];
    if (next === 't') return { value: true, end: start + 2 };
    if (next === 'f') return { value: false, end: start + 2 };
    if (next === 'n') return { value: null, end: start + 2 };
    if (next === '(') {
      const list: unknown[] = [];
      let i = start + 2;
      if (text[i] === ')') return { value: list, end: i + 1 };
      for (;;) {
        const item = readRison(text, i, depth + 1);
        list.push(item.value);
        i = item.end;
        if (text[i] === ',') i++;
        else if (text[i] === ')') return { value: list, end: i + 1 };
        else throw new RisonError('una lista no está cerrada');
      }
    }
    throw new RisonError(`«!${next ?? ''}» no es un valor`);
  }
  if (c === '(') {
    const object: Record<string, unknown> = {};
    let i = start + 1;
    if (text[i] === ')') return { value: object, end: i + 1 };
    for (;;) {
      const key = readRison(text, i, depth + 1);
      if (typeof key.value !== 'string') throw new RisonError('un nombre de campo no es texto');
      if (text[key.end] !== ':') throw new RisonError(`falta «:» después de «${key.value}»`);
      const item = readRison(text, key.end + 1, depth + 1);
      if (key.value === '__proto__') throw new RisonError('un nombre de campo no es válido');
      object[key.value] = item.value;
      i = item.end;
      if (text[i] === ',') i++;
      else if (text[i] === ')') return { value: object, end: i + 1 };
      else throw new RisonError('un objeto no está cerrado');
    }
  }
  if (c === "'") {
    let out = '';
    for (let i = start + 1; i < text.length; i++) {
      const ch = text[i];
      if (ch === "'") return { value: out, end: i + 1 };
      if (ch === '!') {
        const escaped = text[i + 1];
        if (escaped !== '!' && escaped !== "'") throw new RisonError('un texto tiene un «!» suelto');
        out += escaped;
        i++;
      } else out += ch;
    }
    throw new RisonError('un texto entre comillas no está cerrado');
  }
  const number = NUMBER.exec(text.slice(start));
  if (number && (c === '-' || (c >= '0' && c <= '9'))) {
    return { value: Number(number[0]), end: start + number[0].length };
  }
  const word = /^[A-Za-z_][A-Za-z0-9_.@/-]*/.exec(text.slice(start));
  if (word) return { value: word[0], end: start + word[0].length };
  throw new RisonError(`«${c}» no empieza ningún valor`);
}

/** The whole of `text` as one value. */
export function fromRison(text: string): unknown {
  const { value, end } = readRison(text);
  if (end !== text.length) throw new RisonError(`sobra «${text.slice(end, end + 10)}»`);
  return value;
}
