/**
 * The fetch directives a browser reads from default-src when a policy leaves them out (CSP 3),
 * written here from the specification rather than imported from server/security.ts: the tests
 * judge the server's own list by it.
 */
const FALLBACK = new Set([
  'script-src',
  'style-src',
  'img-src',
  'font-src',
  'connect-src',
  'frame-src',
  'object-src',
]);

/** A Content-Security-Policy header as its directives and their sources. */
export function directivesOf(header: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

/** The sources a browser applies for a directive: its own, else default-src's for a fetch directive. */
export function effectiveSources(header: string, directive: string): string[] | undefined {
  const directives = directivesOf(header);
  const own = directives.get(directive);
  if (own) return own;
  // script-src-attr and script-src-elem read script-src first.
  if (directive.startsWith('script-src-')) return effectiveSources(header, 'script-src');
  return FALLBACK.has(directive) ? directives.get('default-src') : undefined;
}
