import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { DEFAULT_COUNTRY_CODE } from '../domain/constants';
import { COUNTRIES, parseCountryCode, type CountryCode, type Currency } from '../domain/countries';
import { needsExchangeRate, quotePlans, type PlanQuote } from '../domain/plans';

export interface CountryPricesInput {
  /** The cc query parameter, raw. */
  ccParam?: string | null;
  /** A cookie named cc exists: the pricing section then hides its country dropdown. */
  hasCountryCookie: boolean;
}

export interface CountryPricesContext {
  countryCode: CountryCode;
  /** The country asked for with cc, when cc is a known code. */
  ccCountry: CountryCode | null;
  /** cc was given at all: an unknown code then means AR, without the lookup (spec section 2). */
  ccGiven: boolean;
  /** USD-to-local exchange rate; null when not needed or not available. */
  rate: number | null;
  hasCountryCookie: boolean;
}

export type CountryPricesEvent = { type: 'country.change'; code: string } | { type: 'domain.toggle' };

/**
 * What the exchange-rate actor resolves: ok with the parsed rate, or not ok for a non-OK
 * response (or an unreadable body). A network exception rejects instead.
 */
export type FetchRateOutput = { ok: true; rate: number } | { ok: false };

export const COUNTRY_LOOKUP_ERROR_MESSAGE = 'No se pudo detectar el pais del visitante';
export const RATE_EXCEPTION_MESSAGE = 'Error invocacion servicio de cotizaciones';
/** Spec section 8, exchange-rate call non-OK. */
export function rateUnavailableMessage(code: CountryCode): string {
  return `No se pudo recuperar cotizacion para pais ${code}`;
}

/**
 * Country and prices (spec sections 2, 4, 7, 8 and 9): the country comes from cc when it is a
 * known code, else from the detection lookup, else AR. The exchange rate is loaded only for
 * countries whose currency is not USD and that are not AR; when it cannot be had the failure is
 * logged and the regional prices are simply not shown. A country change reloads the rate. The
 * Premium card's domain add-on is a separate toggle.
 */
export const countryPricesMachine = setup({
  types: {
    input: {} as CountryPricesInput,
    context: {} as CountryPricesContext,
    events: {} as CountryPricesEvent,
    tags: {} as 'busy',
  },
  actors: {
    detectCountry: fromPromise<string | null | undefined, void>(async () => null),
    fetchRate: fromPromise<FetchRateOutput, { currencyCode: Currency['codigo'] }>(async () => {
      throw new Error('fetchRate not provided');
    }),
  },
  actions: {
    assignCountry: assign({ countryCode: (_, params: { code: CountryCode }) => params.code }),
    assignRate: assign({ rate: (_, params: { rate: number }) => params.rate }),
    clearRate: assign({ rate: null }),
    logLookupError: (_, _params: { message: string }) => {},
    logRateError: (_, _params: { message: string }) => {},
  },
  guards: {
    hasCountryParam: ({ context }) => context.ccGiven,
    isKnownCountry: (_, params: { code: unknown }) => parseCountryCode(params.code) !== undefined,
    canChooseCountry: ({ context, event }) =>
      !context.hasCountryCookie &&
      event.type === 'country.change' &&
      parseCountryCode(event.code) !== undefined,
    needsExchangeRate: ({ context }) => needsExchangeRate(context.countryCode),
    isRateAvailable: (_, params: { output: FetchRateOutput | undefined }) =>
      params.output?.ok === true && Number.isFinite(params.output.rate) && params.output.rate > 0,
  },
}).createMachine({
  id: 'countryPrices',
  context: ({ input }) => ({
    countryCode: parseCountryCode(input.ccParam) ?? DEFAULT_COUNTRY_CODE,
    ccCountry: parseCountryCode(input.ccParam) ?? null,
    ccGiven: typeof input.ccParam === 'string' && input.ccParam.trim() !== '',
    rate: null,
    hasCountryCookie: input.hasCountryCookie === true,
  }),
  type: 'parallel',
  states: {
    prices: {
      initial: 'resolvingCountry',
      on: {
        'country.change': {
          guard: 'canChooseCountry',
          target: '.checkingRate',
          actions: [
            {
              type: 'assignCountry',
              params: ({ event }) => ({ code: parseCountryCode(event.code) ?? DEFAULT_COUNTRY_CODE }),
            },
            'clearRate',
          ],
        },
      },
      states: {
        resolvingCountry: {
          initial: 'checkingParam',
          states: {
            checkingParam: {
              always: [
                { guard: 'hasCountryParam', target: '#countryPrices.prices.checkingRate' },
                { target: 'detecting' },
              ],
            },
            detecting: {
              tags: ['busy'],
              invoke: {
                id: 'detectCountry',
                src: 'detectCountry',
                onDone: [
                  {
                    guard: { type: 'isKnownCountry', params: ({ event }) => ({ code: event.output }) },
                    target: '#countryPrices.prices.checkingRate',
                    actions: [
                      {
                        type: 'assignCountry',
                        params: ({ event }) => ({
                          code: parseCountryCode(event.output) ?? DEFAULT_COUNTRY_CODE,
                        }),
                      },
                    ],
                  },
                  {
                    target: '#countryPrices.prices.checkingRate',
                    actions: [{ type: 'assignCountry', params: { code: DEFAULT_COUNTRY_CODE } }],
                  },
                ],
                onError: {
                  target: '#countryPrices.prices.checkingRate',
                  actions: [
                    { type: 'assignCountry', params: { code: DEFAULT_COUNTRY_CODE } },
                    { type: 'logLookupError', params: { message: COUNTRY_LOOKUP_ERROR_MESSAGE } },
                  ],
                },
              },
            },
          },
        },
        checkingRate: {
          always: [{ guard: 'needsExchangeRate', target: 'loadingRate' }, { target: 'ready.noRateNeeded' }],
        },
        loadingRate: {
          tags: ['busy'],
          invoke: {
            id: 'fetchRate',
            src: 'fetchRate',
            input: ({ context }) => ({ currencyCode: COUNTRIES[context.countryCode].moneda.codigo }),
            onDone: [
              {
                guard: { type: 'isRateAvailable', params: ({ event }) => ({ output: event.output }) },
                target: 'ready.regional',
                actions: [
                  {
                    type: 'assignRate',
                    params: ({ event }) => ({ rate: event.output.ok ? event.output.rate : 0 }),
                  },
                ],
              },
              {
                target: 'ready.rateUnavailable',
                actions: [
                  {
                    type: 'logRateError',
                    params: ({ context }) => ({ message: rateUnavailableMessage(context.countryCode) }),
                  },
                ],
              },
            ],
            onError: {
              target: 'ready.rateUnavailable',
              actions: [{ type: 'logRateError', params: { message: RATE_EXCEPTION_MESSAGE } }],
            },
          },
        },
        ready: {
          initial: 'noRateNeeded',
          states: {
            noRateNeeded: { description: 'AR (ARS prices) or a USD country: no exchange rate needed.' },
            regional: { description: 'The rate is loaded: the approximate regional prices are shown.' },
            rateUnavailable: { description: 'The rate could not be had: regional prices are not shown.' },
          },
        },
      },
    },
    domain: {
      initial: 'off',
      states: {
        off: { on: { 'domain.toggle': { target: 'on' } } },
        on: {
          description: "Premium shows plan + domain and the note 'Gestión completa: ...'.",
          on: { 'domain.toggle': { target: 'off' } },
        },
      },
    },
  },
});

export type CountryPricesSnapshot = SnapshotFrom<typeof countryPricesMachine>;

/** The three plan cards' prices for the snapshot's country, rate and domain toggle. */
export function selectPlanQuotes(
  snapshot: CountryPricesSnapshot,
  options: { referral?: boolean } = {},
): PlanQuote[] {
  const { countryCode, rate } = snapshot.context;
  return quotePlans(COUNTRIES[countryCode], {
    ...(rate !== null ? { rate } : {}),
    withDomain: snapshot.matches({ domain: 'on' }),
    referral: options.referral === true,
  });
}
