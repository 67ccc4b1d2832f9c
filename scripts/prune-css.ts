/**
 * The rules of a stylesheet that can match something in one prerendered page at its first paint:
 * a selector is kept when every class and id it requires is in the page's HTML (or is one of
 * `alwaysPresent`, the classes the head script sets on <html> before the body is laid out).
 * Classes inside functional pseudo-classes (:not(), :has(), :is() ...) and attribute selectors
 * require nothing, so those selectors are judged by the rest. Every at-rule but the grouping
 * ones (@media, @supports, @container, @layer) is kept whole. The page loads the whole file after
 * its first paint, for what its code draws later.
 */
export function usedCss(css: string, html: string, alwaysPresent: readonly string[] = []): string {
  const classes = new Set(alwaysPresent);
  for (const [, value = ''] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  const ids = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map(([, id = '']) => id));
  const canMatch = (selector: string) => {
    const required = withoutArguments(selector);
    return (
      [...required.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every(([, name = '']) => classes.has(name)) &&
      [...required.matchAll(/#(-?[_a-zA-Z][\w-]*)/g)].every(([, id = '']) => ids.has(id))
    );
  };
  return prune(css, canMatch);
}

const GROUPING_AT_RULE = /^@(media|supports|container|layer)\b/;

function prune(css: string, canMatch: (selector: string) => boolean): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = findOutside(css, i, '{;');
    if (open === -1) {
      out += css.slice(i);
      break;
    }
    const prelude = css.slice(i, open).trim();
    if (css[open] === ';') {
      out += css.slice(i, open + 1);
      i = open + 1;
      continue;
    }
    const close = matchingBrace(css, open);
    const body = css.slice(open + 1, close);
    if (prelude.startsWith('@')) {
      if (GROUPING_AT_RULE.test(prelude)) {
        const inner = prune(body, canMatch);
        if (inner.trim()) out += `${prelude}{${inner}}`;
      } else {
        out += css.slice(i, close + 1);
      }
    } else {
      const kept = splitOutside(prelude, ',').filter((selector) => canMatch(selector));
      if (kept.length > 0) out += `${kept.join(',')}{${body}}`;
    }
    i = close + 1;
  }
  return out;
}

/** The selector without what functional pseudo-classes and attribute selectors enclose. */
function withoutArguments(selector: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) out += c;
  }
  return out;
}

/** The index of the first of `chars` at nesting depth 0 and outside strings and comments, or -1. */
function findOutside(css: string, from: number, chars: string): number {
  let depth = 0;
  for (let i = from; i < css.length; i++) {
    const c = css[i] ?? '';
    if (c === '"' || c === "'") i = css.indexOf(c, i + 1);
    else if (c === '/' && css[i + 1] === '*') i = css.indexOf('*/', i + 2) + 1;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && chars.includes(c)) return i;
    if (i < 0) return -1;
  }
  return -1;
}

function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = css.indexOf(c, i + 1);
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
    if (i < 0) break;
  }
  throw new Error('CSS sin cerrar: falta una llave');
}

function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (;;) {
    const at = findOutside(text, from, separator);
    if (at === -1) break;
    parts.push(text.slice(from, at));
    from = at + 1;
  }
  parts.push(text.slice(from));
  return parts.map((part) => part.trim()).filter(Boolean);
}
