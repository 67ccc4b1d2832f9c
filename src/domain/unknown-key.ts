/**
 * Request bodies with unknown fields are refused by name (prospect and newsletter schemas); the
 * name comes from the client, so it is cleaned before it goes back in a message.
 */

/** An unknown key as shown back to the client: printable, at most 40 characters, never empty. */
export function shortKey(key: PropertyKey): string {
  const text = String(key)
    .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, '')
    .trim();
  if (text === '') return '(sin nombre)';
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
