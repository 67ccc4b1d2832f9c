/**
 * A date in Spanish long form, e.g. "2 de marzo de 2026" (spec section 2: the blog shows today's
 * date so). Written from the month names rather than with Intl.DateTimeFormat: the first time a
 * page asks for one, Chromium builds a formatter with month names from ICU's pattern data in one
 * long main-thread task (docs/performance.md, point 11).
 */

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** The local calendar date, as `new Intl.DateTimeFormat('es', { day, month: 'long', year })` writes it. */
export function spanishLongDate(date: Date): string {
  return `${date.getDate()} de ${MONTHS[date.getMonth()] ?? ''} de ${date.getFullYear()}`;
}
