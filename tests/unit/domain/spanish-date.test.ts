import { describe, expect, it } from 'vitest';
import { spanishLongDate } from '../../../src/domain/spanish-date';

describe('a date in Spanish long form', () => {
  it('reads as the blog shows it', () => {
    expect(spanishLongDate(new Date(2026, 2, 2))).toBe('2 de marzo de 2026');
    expect(spanishLongDate(new Date(2026, 10, 22, 23, 59))).toBe('22 de noviembre de 2026');
  });

  it('matches what Intl writes in Spanish for every month, first and last day', () => {
    const intl = new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric' });
    for (let month = 0; month < 12; month++) {
      for (const date of [new Date(2027, month, 1), new Date(2027, month + 1, 0)]) {
        expect(spanishLongDate(date)).toBe(intl.format(date));
      }
    }
  });
});
