import { describe, expect, it } from 'vitest';
import { PROSPECT_FIELD_LABELS } from '../../../src/domain/prospect';
import {
  SaveError,
  firstRefusedDataField,
  refusedField,
  refusedTrackingFields,
  saveFailureOf,
} from '../../../src/domain/save-failure';

/**
 * What the wizard reads of a failed save: which message the visitor gets (unavailable, wait, a
 * refused field), how long it waits before retrying, and which campaign fields it drops before
 * trying again (docs/api.md, section 4).
 */
describe('a failed save, as the wizard reads it', () => {
  it('treats anything that is not a save error (a bug, a plain Error, nothing) as the server being unavailable', () => {
    const unavailable = { kind: 'unavailable', retryAfterSeconds: null, refused: [] };
    for (const error of [new Error('boom'), 'texto', null, undefined, 42, { kind: 'otro' }])
      expect(saveFailureOf(error)).toEqual(unavailable);
  });

  it('keeps the wait the server asked for, a zero wait included, and drops one that is not a real number of seconds', () => {
    const wait = (retryAfterSeconds: unknown) =>
      saveFailureOf({ kind: 'rateLimited', retryAfterSeconds }).retryAfterSeconds;
    expect(wait(30)).toBe(30);
    expect(wait(0)).toBe(0);
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '30', null, undefined])
      expect(wait(bad)).toBeNull();
  });

  it('reads the kind, the wait and the refused fields of a SaveError as the service throws it', () => {
    const refused = [refusedField(PROSPECT_FIELD_LABELS.email, 'No es un e-mail válido.')];
    const failure = saveFailureOf(new SaveError('refused', 'Rechazado', { refused, retryAfterSeconds: 5 }));
    expect(failure).toEqual({ kind: 'refused', retryAfterSeconds: 5, refused });
    expect(refused[0]?.field).toBe('email');
    // A body that names something other than a list of fields refuses none.
    expect(saveFailureOf({ kind: 'refused', refused: 'email' }).refused).toEqual([]);
  });

  it('names the campaign fields the API refused, so the wizard drops them and saves the lead anyway', () => {
    const failure = saveFailureOf(
      new SaveError('refused', 'Rechazado', {
        refused: [
          refusedField(PROSPECT_FIELD_LABELS.utmSource, 'Demasiado largo.'),
          refusedField(PROSPECT_FIELD_LABELS.email, 'No es un e-mail válido.'),
          refusedField('un campo que no existe', 'Raro.'),
        ],
      }),
    );
    expect(refusedTrackingFields(failure)).toEqual(['utmSource']);
    // The visitor is told about the first field that is theirs, not the campaign's.
    expect(firstRefusedDataField(failure)?.field).toBe('email');
    // Only a refusal names fields to drop: the same list on another kind of failure drops none.
    expect(refusedTrackingFields({ ...failure, kind: 'unavailable' })).toEqual([]);
  });

  it('keeps the cause of a save error for the logs, and none when there was none', () => {
    const cause = new TypeError('Failed to fetch');
    expect(new SaveError('unavailable', 'Sin conexión', { cause }).cause).toBe(cause);
    expect('cause' in new SaveError('unavailable', 'Sin conexión')).toBe(false);
    expect(new SaveError('download', 'x').refused).toEqual([]);
  });
});
