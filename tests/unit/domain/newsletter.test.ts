import { describe, expect, it } from 'vitest';
import {
  NEWSLETTER_ERROR_MESSAGE,
  NEWSLETTER_FALLBACK_WARNING,
  NEWSLETTER_SEND_FAILED_LOG,
  NEWSLETTER_SUBSCRIBED_MESSAGE,
} from '../../../src/domain/newsletter';
import { successFromReply } from '../../../src/flows/newsletter/newsletter.machine';

/** What a subscriber reads, and what the console gets, when they subscribe (spec sections 7 and 8). */
describe('the newsletter messages', () => {
  it('shows the spec default text for a success without a message of its own', () => {
    expect(successFromReply({ response: 'success' })).toBe(
      'You have successfully subscribed to our mailing list.',
    );
  });

  it('gives the subscriber whole Spanish sentences, in tú', () => {
    for (const text of [
      NEWSLETTER_SUBSCRIBED_MESSAGE,
      NEWSLETTER_FALLBACK_WARNING,
      NEWSLETTER_ERROR_MESSAGE,
    ]) {
      expect(text, text).toMatch(/^[¡A-ZÁÉÍÓÚ].{10,}[.!]$/);
      expect(text).not.toMatch(/\b(revisá|intentá|suscribiste vos)\b/i);
    }
    expect(NEWSLETTER_SEND_FAILED_LOG).toMatch(/^Error .{10,}$/);
  });
});
