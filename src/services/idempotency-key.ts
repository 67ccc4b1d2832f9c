/**
 * A random idempotency key for one prospect's create (matches ID_PATTERN of the domain).
 * randomUUID exists only in secure contexts, so plain http (a LAN test) falls back to
 * getRandomValues, which is available everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      // Not a secure context: fall through.
    }
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
