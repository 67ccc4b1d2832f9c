/**
 * The country prices' model runs (the address's `cc` and the cookie) and sample events (the country
 * lookup, the exchange rate). The model tests, the browser model paths and the flow explorer take
 * them from here (one list of events for every state; the model keeps those a state accepts).
 */
import type { EventObject } from 'xstate';
import { countryPricesMachine, type CountryPricesInput } from './country-prices.machine';
import type { MachineModel } from '@tienda/flow-workbench/kit';

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as EventObject;

export const COUNTRY_RATE = 3.7;
const countryEvents = [
  ev('country.change', { code: 'MX' }),
  ev('country.change', { code: 'ar' }),
  ev('country.change', { code: 'XX' }),
  ev('domain.toggle'),
  ev('xstate.done.actor.detectCountry', { output: 'PE' }),
  ev('xstate.done.actor.detectCountry', { output: '<b>' }),
  ev('xstate.error.actor.detectCountry', { error: new TypeError('Sin conexión') }),
  ev('xstate.done.actor.fetchRate', { output: { ok: true, rate: COUNTRY_RATE } }),
  ev('xstate.done.actor.fetchRate', { output: { ok: false } }),
  ev('xstate.error.actor.fetchRate', { error: new TypeError('Sin conexión') }),
];
/** The simple paths keep one country change, one detection answer of each kind and every rate outcome. */
const countrySimpleEvents = () =>
  countryEvents.filter(
    (e) =>
      e.type !== 'domain.toggle' &&
      !(e.type === 'country.change' && (e as { code?: string }).code !== 'MX') &&
      !(e.type === 'xstate.done.actor.detectCountry' && (e as { output?: unknown }).output !== 'PE'),
  );
export const countryPricesModel: MachineModel = {
  machine: countryPricesMachine,
  runs: (
    [
      ['cc=CL', { ccParam: 'CL', ccCookie: null }],
      ['cc=AR', { ccParam: 'AR', ccCookie: null }],
      ['cc=PA con cookie de Chile', { ccParam: 'PA', ccCookie: 'CL' }],
      ['sin cc ni cookie', { ccParam: null, ccCookie: null }],
      ['cookie de Uruguay sin cc', { ccParam: null, ccCookie: 'UY' }],
      ['cc y cookie no válidos', { ccParam: 'zz', ccCookie: 'zz' }],
    ] as const satisfies readonly (readonly [string, CountryPricesInput])[]
  ).map(([label, input]) => ({
    label,
    input,
    events: () => countryEvents,
    simpleEvents: countrySimpleEvents,
  })),
  samples: () => countryEvents,
};
