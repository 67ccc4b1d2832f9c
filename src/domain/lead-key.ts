import { countryOrDefault } from './countries';
import { whatsappWithPrefix, type LeadContact } from './lead-payload';
import { ID_MAX_LENGTH, ID_PATTERN } from './prospect';

/**
 * "The same business", one rule for the browser and the API: a business is its name and its
 * WhatsApp number, each as anyone would write it again. The create's idempotency key is this tab's
 * seed and the business (not the person's name or e-mail), so a retry from this tab with a
 * corrected e-mail is the same key; the API matches the business itself across tabs and reloads.
 */

/** Hex digits of the data's hash in a key. */
const HASH_HEX_DIGITS = 16;

/** The longest seed kept in a key: the key stays within the API's ID_PATTERN. */
const LEAD_KEY_SEED_MAX_LENGTH = ID_MAX_LENGTH - HASH_HEX_DIGITS - 1;

/** What identifies a business: its name and its WhatsApp number with the country's prefix. */
export interface BusinessFields {
  nombreEmpresa: string;
  whatsapp: string;
}

/**
 * The name as its letters and digits, without case or accents: "Panadería Ñandú", "panaderia
 * nandu" and "Panadería-Ñandú." are one business. A name with no letter or digit at all (only
 * symbols) keeps its symbols, without spaces, so it still tells businesses apart.
 */
export function businessName(name: string): string {
  const folded = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const letters = folded.replace(/[^\p{L}\p{N}]/gu, '');
  return letters !== '' ? letters : folded.replace(/\s/gu, '');
}

/** The WhatsApp number as its digits: "+54 9 11 2345-6789" is +5491123456789. */
export function businessNumber(whatsapp: string): string {
  return whatsapp.replace(/\D/g, '');
}

/** The business as one text (number first: its digits never hold the separator). */
export function businessIdentity(business: BusinessFields): string {
  return `${businessNumber(business.whatsapp)}:${businessName(business.nombreEmpresa)}`;
}

/** The business step 1 names: the number gets the prefix of the chosen country, as the body does. */
export function contactBusiness(contact: LeadContact): string {
  const whatsapp = whatsappWithPrefix(countryOrDefault(contact.pais).codigo, contact.whatsapp);
  return businessIdentity({ nombreEmpresa: contact.nombreEmpresa, whatsapp });
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

/** The create's key for this tab's seed and the business step 1 names. */
export function leadKeyFor(seed: string, contact: LeadContact): string {
  const safeSeed = ID_PATTERN.test(seed) ? seed.slice(0, LEAD_KEY_SEED_MAX_LENGTH) : 'pestana';
  return `${safeSeed}-${hash64(`${safeSeed}\u0000${contactBusiness(contact)}`)}`;
}
