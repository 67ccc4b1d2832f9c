import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  COUNTRY_LOOKUP_ERROR_MESSAGE,
  RATE_EXCEPTION_MESSAGE,
  countryPricesMachine,
  selectPlanQuotes,
  selectShowsCountryPicker,
  type CountryPricesInput,
  type FetchRateOutput,
} from '../../../src/flows/country-prices/country-prices.machine';
import fc from 'fast-check';
import { COUNTRY_CODES, chosenCountry, resolveCountry, type Currency } from '../../../src/domain/countries';
import { controlledActor, settle } from './helpers';

function start(input: CountryPricesInput) {
  const detect = controlledActor<string | null | undefined, void>();
  const rate = controlledActor<FetchRateOutput, { currencyCode: Currency['codigo'] }>();
  const lookupLog = vi.fn();
  const rateLog = vi.fn();
  const remembered: string[] = [];
  const actor = createActor(
    countryPricesMachine.provide({
      actors: { detectCountry: detect.logic, fetchRate: rate.logic },
      actions: {
        logLookupError: (_, p) => lookupLog(p.message),
        logRateError: (_, p) => rateLog(p.message),
        rememberCountry: (_, p) => remembered.push(p.code),
      },
    }),
    { input },
  );
  actor.start();
  return { actor, detect, rate, lookupLog, rateLog, remembered };
}

const premium = (actor: ReturnType<typeof start>['actor'], referral = false) =>
  selectPlanQuotes(actor.getSnapshot(), { referral }).find((q) => q.plan === 'planPremium');

describe('country and prices machine', () => {
  it('takes the country from cc and loads the rate for its currency', async () => {
    const { actor, detect, rate } = start({ ccParam: 'cl', ccCookie: null });
    expect(detect.calls).toHaveLength(0);
    expect(actor.getSnapshot().matches({ prices: 'loadingRate' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(rate.calls[0]?.input).toEqual({ currencyCode: 'CLP' });
    rate.calls[0]?.resolve({ ok: true, rate: 950 });
    await settle();
    expect(actor.getSnapshot().matches({ prices: { ready: 'regional' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ countryCode: 'CL', rate: 950 });
    // 36 USD x 950 x 1.02, rounded.
    expect(premium(actor)?.price).toEqual({ codigoMoneda: 'USD', importe: 36, importeRegional: 34884 });
  });

  it('loads no rate for AR (ARS prices) nor for a USD country', () => {
    for (const cc of ['AR', 'PA']) {
      const { actor, rate } = start({ ccParam: cc, ccCookie: null });
      expect(actor.getSnapshot().matches({ prices: { ready: 'noRateNeeded' } })).toBe(true);
      expect(rate.calls).toHaveLength(0);
    }
  });

  it("logs 'No se pudo recuperar cotizacion para pais {code}' on a non-OK answer and hides regional prices", async () => {
    const { actor, rate, rateLog } = start({ ccParam: 'MX', ccCookie: null });
    rate.calls[0]?.resolve({ ok: false });
    await settle();
    expect(actor.getSnapshot().matches({ prices: { ready: 'rateUnavailable' } })).toBe(true);
    expect(rateLog).toHaveBeenCalledWith('No se pudo recuperar cotizacion para pais MX');
    expect(premium(actor)?.price.importeRegional).toBeUndefined();
  });

  it('treats an OK answer with an unusable rate like a non-OK one', async () => {
    const { actor, rate, rateLog } = start({ ccParam: 'UY', ccCookie: null });
    rate.calls[0]?.resolve({ ok: true, rate: Number.NaN });
    await settle();
    expect(actor.getSnapshot().matches({ prices: { ready: 'rateUnavailable' } })).toBe(true);
    expect(rateLog).toHaveBeenCalledWith('No se pudo recuperar cotizacion para pais UY');
  });

  it.each([
    ['an infinite rate', { ok: true, rate: Number.POSITIVE_INFINITY }],
    ['a zero rate', { ok: true, rate: 0 }],
    ['a negative rate', { ok: true, rate: -950 }],
    ['a rate the answer itself calls not OK', { ok: false, rate: 950 }],
    ['no answer at all', undefined],
  ])('shows no regional price for %s, and says so', async (_what, answer) => {
    const { actor, rate, rateLog } = start({ ccParam: 'CL', ccCookie: null });
    rate.calls[0]?.resolve(answer as FetchRateOutput);
    await settle();
    expect(actor.getSnapshot().matches({ prices: { ready: 'rateUnavailable' } })).toBe(true);
    expect(rateLog).toHaveBeenCalledWith('No se pudo recuperar cotizacion para pais CL');
    expect(premium(actor)?.price.importeRegional).toBeUndefined();
  });

  it('logs the console messages in the words the spec and the team gave them', () => {
    expect(RATE_EXCEPTION_MESSAGE).toBe('Error invocacion servicio de cotizaciones');
    expect(COUNTRY_LOOKUP_ERROR_MESSAGE).toMatch(/^No se pudo detectar el pa[ií]s del visitante$/);
  });

  it('shows the prices as loading while the country is being looked up', () => {
    const { actor } = start({ ccParam: null, ccCookie: null });
    expect(actor.getSnapshot().matches({ prices: { resolvingCountry: 'detecting' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it("logs 'Error invocacion servicio de cotizaciones' on a network error", async () => {
    const { actor, rate, rateLog } = start({ ccParam: 'PE', ccCookie: null });
    rate.calls[0]?.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().matches({ prices: { ready: 'rateUnavailable' } })).toBe(true);
    expect(rateLog).toHaveBeenCalledWith(RATE_EXCEPTION_MESSAGE);
  });

  it('an unknown cc counts as absent: the cookie, else the lookup decides', async () => {
    for (const cc of ['ZZ', 'argentina', '<script>']) {
      const remembered = start({ ccParam: cc, ccCookie: 'CO' });
      expect(remembered.actor.getSnapshot().context.countryCode).toBe('CO');
      expect(remembered.detect.calls).toHaveLength(0);

      const looked = start({ ccParam: cc, ccCookie: null });
      expect(looked.actor.getSnapshot().matches({ prices: { resolvingCountry: 'detecting' } })).toBe(true);
      looked.detect.calls[0]?.resolve('MX');
      await settle();
      expect(looked.actor.getSnapshot().context.countryCode).toBe('MX');
    }
  });

  it('takes the country the cc cookie remembers, without the lookup, and hides the dropdown', () => {
    const { actor, detect, rate } = start({ ccParam: null, ccCookie: 'CL' });
    expect(detect.calls).toHaveLength(0);
    expect(actor.getSnapshot().context.countryCode).toBe('CL');
    expect(rate.calls[0]?.input).toEqual({ currencyCode: 'CLP' });
    expect(selectShowsCountryPicker(actor.getSnapshot())).toBe(false);
  });

  it('the cc parameter wins over the cookie; the cookie still hides the dropdown', () => {
    const { actor } = start({ ccParam: 'pe', ccCookie: 'CL' });
    expect(actor.getSnapshot().context.countryCode).toBe('PE');
    expect(selectShowsCountryPicker(actor.getSnapshot())).toBe(false);
  });

  it('a cookie without a known code remembers nothing: the lookup decides and the dropdown shows', async () => {
    const { actor, detect } = start({ ccParam: null, ccCookie: 'Chile' });
    expect(selectShowsCountryPicker(actor.getSnapshot())).toBe(true);
    detect.calls[0]?.resolve('UY');
    await settle();
    expect(actor.getSnapshot().context.countryCode).toBe('UY');
  });

  it('follows resolveCountry for any cc, cookie and lookup answer (property)', async () => {
    const value = fc.oneof(
      fc.constantFrom(...COUNTRY_CODES, 'cl', ' mx ', 'ZZ', '', '<b>'),
      fc.string(),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(value, value, value, async (param, cookie, lookup) => {
        const { actor, detect } = start({ ccParam: param, ccCookie: cookie });
        detect.calls[0]?.resolve(lookup);
        await settle();
        expect(actor.getSnapshot().context.countryCode).toBe(resolveCountry({ param, cookie, lookup }));
        expect(detect.calls.length).toBe(chosenCountry({ param, cookie }) === undefined ? 1 : 0);
        actor.stop();
      }),
      { numRuns: 200 },
    );
  });

  it('detects the country when cc is absent', async () => {
    for (const cc of [null, undefined, '', '  ']) {
      const { actor, detect, rate } = start({ ccParam: cc, ccCookie: null });
      expect(actor.getSnapshot().matches({ prices: { resolvingCountry: 'detecting' } })).toBe(true);
      detect.calls[0]?.resolve('PE');
      await settle();
      expect(actor.getSnapshot().context.countryCode).toBe('PE');
      expect(rate.calls[0]?.input).toEqual({ currencyCode: 'PEN' });
    }
  });

  it('falls back to AR when the lookup fails (logged) or answers an unknown code', async () => {
    const failed = start({ ccParam: null, ccCookie: null });
    failed.detect.calls[0]?.reject(new Error('offline'));
    await settle();
    expect(failed.actor.getSnapshot().context.countryCode).toBe('AR');
    expect(failed.actor.getSnapshot().matches({ prices: { ready: 'noRateNeeded' } })).toBe(true);
    expect(failed.lookupLog).toHaveBeenCalledWith(COUNTRY_LOOKUP_ERROR_MESSAGE);

    const unknown = start({ ccParam: null, ccCookie: null });
    unknown.detect.calls[0]?.resolve('<img src=x>');
    await settle();
    expect(unknown.actor.getSnapshot().context.countryCode).toBe('AR');
    expect(unknown.lookupLog).not.toHaveBeenCalled();
  });

  it('remembers a country chosen in the dropdown, and only a known one', () => {
    const { actor, remembered } = start({ ccParam: null, ccCookie: null });
    actor.send({ type: 'country.change', code: 'uy' });
    actor.send({ type: 'country.change', code: 'XX' });
    expect(remembered).toEqual(['UY']);
    expect(actor.getSnapshot().context.countryCode).toBe('UY');
  });

  it('reloads the rate on a country change and ignores the answer for the previous country', async () => {
    const { actor, rate } = start({ ccParam: 'CL', ccCookie: null });
    actor.send({ type: 'country.change', code: 'MX' });
    expect(rate.calls[0]?.aborted()).toBe(true);
    expect(rate.calls[1]?.input).toEqual({ currencyCode: 'MXN' });
    rate.calls[0]?.resolve({ ok: true, rate: 950 });
    rate.calls[1]?.resolve({ ok: true, rate: 17 });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ countryCode: 'MX', rate: 17 });

    actor.send({ type: 'country.change', code: 'AR' });
    expect(actor.getSnapshot().matches({ prices: { ready: 'noRateNeeded' } })).toBe(true);
    expect(actor.getSnapshot().context.rate).toBeNull();
    expect(premium(actor)?.price).toEqual({ codigoMoneda: 'ARS', importe: 36000 });
  });

  it('a change overrides a detection still in flight', async () => {
    const { actor, detect } = start({ ccParam: null, ccCookie: null });
    actor.send({ type: 'country.change', code: 'PA' });
    expect(detect.calls[0]?.aborted()).toBe(true);
    detect.calls[0]?.resolve('PE');
    await settle();
    expect(actor.getSnapshot().context.countryCode).toBe('PA');
  });

  it('refuses unknown codes, and any change when the cc cookie hides the dropdown', () => {
    const open = start({ ccParam: 'AR', ccCookie: null });
    expect(open.actor.getSnapshot().can({ type: 'country.change', code: 'XX' })).toBe(false);
    expect(open.actor.getSnapshot().can({ type: 'country.change', code: 'cl' })).toBe(true);
    const cookie = start({ ccParam: 'AR', ccCookie: 'UY' });
    expect(cookie.actor.getSnapshot().can({ type: 'country.change', code: 'CL' })).toBe(false);
    cookie.actor.send({ type: 'country.change', code: 'CL' });
    expect(cookie.actor.getSnapshot().context.countryCode).toBe('AR');
  });

  it('the domain add-on adds the domain price (and regional amounts) to Premium only', async () => {
    const { actor, rate } = start({ ccParam: 'CO', ccCookie: null });
    rate.calls[0]?.resolve({ ok: true, rate: 4000 });
    await settle();
    expect(actor.getSnapshot().matches({ domain: 'off' })).toBe(true);
    const before = selectPlanQuotes(actor.getSnapshot());
    actor.send({ type: 'domain.toggle' });
    expect(actor.getSnapshot().matches({ domain: 'on' })).toBe(true);
    const after = selectPlanQuotes(actor.getSnapshot());
    expect(after.find((q) => q.plan === 'planPremium')?.price).toEqual({
      codigoMoneda: 'USD',
      importe: 44,
      importeRegional: 146880 + 32640,
    });
    expect(after.find((q) => q.plan === 'planProfesional')).toEqual(
      before.find((q) => q.plan === 'planProfesional'),
    );
    actor.send({ type: 'domain.toggle' });
    expect(selectPlanQuotes(actor.getSnapshot())).toEqual(before);
  });

  it('adds the referral discount when asked', () => {
    const { actor } = start({ ccParam: 'AR', ccCookie: null });
    expect(premium(actor, true)?.discountedPrice).toEqual({ codigoMoneda: 'ARS', importe: 27000 });
  });
});
