import { ID_MAX_LENGTH, ID_PATTERN } from './prospect';
import type { LeadContact } from './lead-payload';

/**
 * The idempotency key of a lead's create: one per tab (its seed) and per set of step-1 data.
 * A retry of the same data, or a reload of the same tab, sends the same key, so the API answers
 * with the lead it already stored; other data (a second business typed in a copied tab, which
 * shares the first tab's session storage and so its seed) gives another key and another lead.
 */

/** Hex digits of the data's hash in a key. */
const HASH_HEX_DIGITS = 16;

/** The longest seed kept in a key: the key stays within the API's ID_PATTERN. */
const LEAD_KEY_SEED_MAX_LENGTH = ID_MAX_LENGTH - HASH_HEX_DIGITS - 1;

/**
 * The step-1 data as one business would be written again: trimmed, without case, the WhatsApp
 * number as its digits. "Pizzería Luis " and "pizzería luis" are the same business.
 */
function businessIdentity(contact: LeadContact): string {
  const text = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('es');
  return [
    text(contact.nombreEmpresa),
    text(contact.nombre),
    text(contact.apellido),
    contact.pais ?? '',
    contact.whatsapp.replace(/\D/g, ''),
    text(contact.email),
  ].join('\u0000');
}

/** cyrb53 (a public-domain 53-bit string hash): two 32-bit halves, as 16 hex digits. */
function hash64(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return hex(h2) + hex(h1);
}

/** The create's key for this tab's seed and this step-1 data. */
export function leadKeyFor(seed: string, contact: LeadContact): string {
  const safeSeed = ID_PATTERN.test(seed) ? seed.slice(0, LEAD_KEY_SEED_MAX_LENGTH) : 'pestana';
  return `${safeSeed}-${hash64(`${safeSeed}\u0000${businessIdentity(contact)}`)}`;
}
