import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * The chat number (digits only, with the country code) as people in its country write it:
 * international groups, with the hyphen of the country's own way of writing the last digits
 * (5491100000000: +54 9 11 0000-0000; 50761234567: +507 6123-4567; 51912345678: +51 912 345 678).
 * Build time only (vite.config.ts): the phone-number library never reaches a page's JavaScript.
 */
export function chatNumberText(digits: string): string {
  const phone = parsePhoneNumberFromString(`+${digits}`);
  if (!phone) return `+${digits}`;
  const international = phone.formatInternational();
  return /\d-\d+$/.test(phone.formatNational()) ? international.replace(/ (\d+)$/, '-$1') : international;
}
