import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  COUNTRY_LOOKUP_ERROR_MESSAGE,
  RATE_EXCEPTION_MESSAGE,
  countryPricesMachine,
  selectPlanQuotes,
  type CountryPricesInput,
  type FetchRateOutput,
} from '../../../src/machines/country-prices.machine';
import type { Currency } from '../../../src/domain/countries';
import { controlledActor, settle } from './helpers';

function start(input: CountryPricesInput) {
  const detect = controlledActor<string | null | undefined, void>();
  const rate = controlledActor<FetchRateOutput, { currencyCode: Currency['codigo'] }>();
  const lookupLog = vi.fn();
  const rateLog = vi.fn();
  const actor = createActor(
    countryPricesMachine.provide({
      actors: { detectCountry: detect.logic, fetchRate: rate.logic },
      actions: {
        logLookupError: (_, p) => lookupLog(p.message),
        logRateError: (_, p) => rateLog(p.message),
      },
    }),
    { input },
  );
  actor.start();
  return { actor, detect, rate, lookupLog, rateLog };
}

const premium = (actor: ReturnType<typeof start>['actor'], referral = false) =>
  selectPlanQuotes(actor.getSnapshot(), { referral }).find((q) => q.plan === 'planPremium');

describe('country and prices machine', () => {
  it('takes the country from cc and loads the rate for its currency', async () => {
    const { actor, detect, rate } = start({ ccParam: 'cl', hasCountryCookie: false });
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
      const { actor, rate } = start({ ccParam: cc, hasCountryCookie: false });
      expect(actor.getSnapshot().matches({ prices: { ready: 'noRateNeeded' } })).toBe(true);
      expect(rate.calls).toHaveLength(0);
    }
  });

  it("logs 'No se pudo recuperar cotizacion para pais {code}' on a non-OK answer and hides regional prices", async () => {
    const { actor, rate, rateLog } = start({ ccParam: 'MX', hasCountryCookie: false });
    rate.calls[0]?.resolve({ ok: false });
    await settle();
    expect(actor.getSnapshot().matches({ prices: { ready: 'rateUnavailable' } })).toBe(true);
    expect(rateLog).toHaveBeenCalledWith('No se pudo recuperar cotizacion para pais MX');
    expect(premium(actor)?.price.importeRegional).toBeUndefined();
  });

  it('treats an OK answer with an unusable rate like a non-OK one', async () => {
    const { actor, rate, rateLog } = start({ ccParam: 'UY', hasCountryCookie: false });
    rate.calls[0]?.resolve({ ok: true, rate: Number.NaN });
    await settle();
    expect(actor.getSnapshot().matches({ prices: { ready: 'rateUnavailable' } })).toBe(true);
    expect(rateLog).toHaveBeenCalledWith('No se pudo recuperar cotizacion para pais UY');
  });

  it("logs 'Error invocacion servicio de cotizaciones' on a network error", async () => {
    const { actor, rate, rateLog } = start({ ccParam: 'PE', hasCountryCookie: false });
    rate.calls[0]?.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().matches({ prices: { ready: 'rateUnavailable' } })).toBe(true);
    expect(rateLog).toHaveBeenCalledWith(RATE_EXCEPTION_MESSAGE);
  });

  it('an unknown cc means AR, without the lookup (spec section 2)', () => {
    for (const cc of ['ZZ', 'argentina', '<script>']) {
      const { actor, detect } = start({ ccParam: cc, hasCountryCookie: false });
      expect(actor.getSnapshot().context.countryCode).toBe('AR');
      expect(actor.getSnapshot().matches({ prices: { ready: 'noRateNeeded' } })).toBe(true);
      expect(detect.calls).toHaveLength(0);
    }
  });

  it('detects the country when cc is absent', async () => {
    for (const cc of [null, undefined, '', '  ']) {
      const { actor, detect, rate } = start({ ccParam: cc, hasCountryCookie: false });
      expect(actor.getSnapshot().matches({ prices: { resolvingCountry: 'detecting' } })).toBe(true);
      detect.calls[0]?.resolve('PE');
      await settle();
      expect(actor.getSnapshot().context.countryCode).toBe('PE');
      expect(rate.calls[0]?.input).toEqual({ currencyCode: 'PEN' });
    }
  });

  it('falls back to AR when the lookup fails (logged) or answers an unknown code', async () => {
    const failed = start({ ccParam: null, hasCountryCookie: false });
    failed.detect.calls[0]?.reject(new Error('offline'));
    await settle();
    expect(failed.actor.getSnapshot().context.countryCode).toBe('AR');
    expect(failed.actor.getSnapshot().matches({ prices: { ready: 'noRateNeeded' } })).toBe(true);
    expect(failed.lookupLog).toHaveBeenCalledWith(COUNTRY_LOOKUP_ERROR_MESSAGE);

    const unknown = start({ ccParam: null, hasCountryCookie: false });
    unknown.detect.calls[0]?.resolve('<img src=x>');
    await settle();
    expect(unknown.actor.getSnapshot().context.countryCode).toBe('AR');
    expect(unknown.lookupLog).not.toHaveBeenCalled();
  });

  it('reloads the rate on a country change and ignores the answer for the previous country', async () => {
    const { actor, rate } = start({ ccParam: 'CL', hasCountryCookie: false });
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
    const { actor, detect } = start({ ccParam: null, hasCountryCookie: false });
    actor.send({ type: 'country.change', code: 'PA' });
    expect(detect.calls[0]?.aborted()).toBe(true);
    detect.calls[0]?.resolve('PE');
    await settle();
    expect(actor.getSnapshot().context.countryCode).toBe('PA');
  });

  it('refuses unknown codes, and any change when the cc cookie hides the dropdown', () => {
    const open = start({ ccParam: 'AR', hasCountryCookie: false });
    expect(open.actor.getSnapshot().can({ type: 'country.change', code: 'XX' })).toBe(false);
    expect(open.actor.getSnapshot().can({ type: 'country.change', code: 'cl' })).toBe(true);
    const cookie = start({ ccParam: 'AR', hasCountryCookie: true });
    expect(cookie.actor.getSnapshot().can({ type: 'country.change', code: 'CL' })).toBe(false);
    cookie.actor.send({ type: 'country.change', code: 'CL' });
    expect(cookie.actor.getSnapshot().context.countryCode).toBe('AR');
  });

  it('the domain add-on adds the domain price (and regional amounts) to Premium only', async () => {
    const { actor, rate } = start({ ccParam: 'CO', hasCountryCookie: false });
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
    const { actor } = start({ ccParam: 'AR', hasCountryCookie: false });
    expect(premium(actor, true)?.discountedPrice).toEqual({ codigoMoneda: 'ARS', importe: 27000 });
  });
});
