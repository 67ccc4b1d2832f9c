import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { DEFAULT_COUNTRY_CODE } from '../../domain/constants';
import {
  COUNTRIES,
  chosenCountry,
  parseCountryCode,
  resolveCountry,
  type CountryCode,
  type CountrySources,
  type Currency,
} from '../../domain/countries';
import { needsExchangeRate, quotePlans, type PlanQuote } from '../../domain/plans';

export interface CountryPricesInput {
  /** The cc query parameter, raw. */
  ccParam?: string | null;
  /** The cc cookie, raw: the country the visitor chose on an earlier visit. */
  ccCookie?: string | null;
}

export interface CountryPricesContext {
  countryCode: CountryCode;
  /**
   * Where the country may come from besides the lookup, as the page gave them (the cc query
   * parameter and the cc cookie, raw): the domain's resolveCountry decides between them.
   */
  sources: Pick<CountrySources, 'param' | 'cookie'>;
  /** USD-to-local exchange rate; null when not needed or not available. */
  rate: number | null;
}

export type CountryPricesEvent = { type: 'country.change'; code: string } | { type: 'domain.toggle' };

/**
 * What the exchange-rate actor resolves: ok with the parsed rate, or not ok for a non-OK
 * response (or an unreadable body). A network exception rejects instead.
 */
export type FetchRateOutput = { ok: true; rate: number } | { ok: false };

/**
 * The cc cookie holds a known country (an earlier choice): the section then shows that country's
 * prices without its dropdown (spec section 2: the dropdown only when no cc cookie exists).
 */
function remembersCountry(context: CountryPricesContext): boolean {
  return parseCountryCode(context.sources.cookie) !== undefined;
}

export const COUNTRY_LOOKUP_ERROR_MESSAGE = 'No se pudo detectar el pais del visitante';
export const RATE_EXCEPTION_MESSAGE = 'Error invocacion servicio de cotizaciones';
/** Spec section 8, exchange-rate call non-OK. */
export function rateUnavailableMessage(code: CountryCode): string {
  return `No se pudo recuperar cotizacion para pais ${code}`;
}

/**
 * Country and prices (spec sections 2, 4, 7, 8 and 9): which country is shown is the domain's
 * rule, resolveCountry (src/domain/countries.ts; the top bar and the wizard use the same one). The
 * guards and assignments below only ask it, so the rule is written once and the lookup is called
 * exactly when the rule needs it. A choice in the dropdown is remembered in the cc cookie by the
 * view's rememberCountry. The exchange rate is loaded only for countries whose currency is not USD
 * and that are not AR; when it cannot be had the failure is logged and the regional prices are
 * simply not shown. A country change reloads the rate. The
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
    rememberCountry: (_, _params: { code: CountryCode }) => {},
    logLookupError: (_, _params: { message: string }) => {},
    logRateError: (_, _params: { message: string }) => {},
  },
  guards: {
    hasChosenCountry: ({ context }) => chosenCountry(context.sources) !== undefined,
    canChooseCountry: ({ context, event }) =>
      !remembersCountry(context) &&
      event.type === 'country.change' &&
      parseCountryCode(event.code) !== undefined,
    needsExchangeRate: ({ context }) => needsExchangeRate(context.countryCode),
    isRateAvailable: (_, params: { output: FetchRateOutput | undefined }) =>
      params.output?.ok === true && Number.isFinite(params.output.rate) && params.output.rate > 0,
  },
}).createMachine({
  id: 'countryPrices',
  description:
    'Los planes se muestran con los precios del país del visitante, con la cotización de su moneda cuando hace falta, y la casilla de dominio propio suma su precio.',
  context: ({ input }) => ({
    countryCode: DEFAULT_COUNTRY_CODE,
    sources: { param: input.ccParam ?? null, cookie: input.ccCookie ?? null },
    rate: null,
  }),
  type: 'parallel',
  states: {
    prices: {
      description: 'El país de los precios y la cotización de su moneda',
      initial: 'resolvingCountry',
      on: {
        'country.change': {
          guard: 'canChooseCountry',
          target: '.checkingRate',
          description:
            'El visitante elige un país en el desplegable: se muestran sus precios y se recuerda en la cookie cc',
          actions: [
            {
              type: 'assignCountry',
              params: ({ event }) => ({ code: parseCountryCode(event.code) ?? DEFAULT_COUNTRY_CODE }),
            },
            'clearRate',
            {
              type: 'rememberCountry',
              params: ({ event }) => ({ code: parseCountryCode(event.code) ?? DEFAULT_COUNTRY_CODE }),
            },
          ],
        },
      },
      states: {
        resolvingCountry: {
          description:
            'Se decide el país con la regla del sitio: el parámetro cc de la dirección, si no la cookie cc, si no la búsqueda de país, si no Argentina',
          initial: 'checkingChoice',
          states: {
            checkingChoice: {
              description: 'Se mira si la dirección o la cookie cc ya nombran un país conocido',
              always: [
                {
                  guard: 'hasChosenCountry',
                  target: '#countryPrices.prices.checkingRate',
                  description:
                    'La dirección (o, si no, la cookie cc) trae un país conocido: manda ese, sin preguntar a la búsqueda',
                  actions: [
                    {
                      type: 'assignCountry',
                      params: ({ context }) => ({ code: resolveCountry(context.sources) }),
                    },
                  ],
                },
                {
                  target: 'detecting',
                  description: 'Ni la dirección ni la cookie traen un país conocido',
                },
              ],
            },
            detecting: {
              description: 'Ni dirección ni cookie: se pregunta el país a la búsqueda (llamada 1)',
              tags: ['busy'],
              invoke: {
                id: 'detectCountry',
                src: 'detectCountry',
                onDone: {
                  target: '#countryPrices.prices.checkingRate',
                  description:
                    'La búsqueda responde: manda el país que dice si es uno conocido, y si no, Argentina',
                  actions: [
                    {
                      type: 'assignCountry',
                      params: ({ context, event }) => ({
                        code: resolveCountry({ ...context.sources, lookup: event.output }),
                      }),
                    },
                  ],
                },
                onError: {
                  target: '#countryPrices.prices.checkingRate',
                  description: 'La búsqueda falla: se registra el error y Argentina',
                  actions: [
                    {
                      type: 'assignCountry',
                      params: ({ context }) => ({ code: resolveCountry(context.sources) }),
                    },
                    { type: 'logLookupError', params: { message: COUNTRY_LOOKUP_ERROR_MESSAGE } },
                  ],
                },
              },
            },
          },
        },
        checkingRate: {
          description: 'Con el país decidido, se ve si sus precios necesitan la cotización del dólar',
          always: [
            {
              guard: 'needsExchangeRate',
              target: 'loadingRate',
              description:
                'Si el país paga en otra moneda que no es el peso argentino ni el dólar, se pide la cotización.',
            },
            {
              target: 'ready.noRateNeeded',
              description: 'En los demás casos los precios se muestran sin cotización.',
            },
          ],
        },
        loadingRate: {
          description: 'Se pide la cotización del dólar en la moneda del país (llamada 2)',
          tags: ['busy'],
          invoke: {
            id: 'fetchRate',
            src: 'fetchRate',
            input: ({ context }) => ({ currencyCode: COUNTRIES[context.countryCode].moneda.codigo }),
            onDone: [
              {
                guard: { type: 'isRateAvailable', params: ({ event }) => ({ output: event.output }) },
                target: 'ready.regional',
                description:
                  'Si llegó una cotización válida, cada plan muestra también su precio aproximado en moneda local.',
                actions: [
                  {
                    type: 'assignRate',
                    params: ({ event }) => ({ rate: event.output.ok ? event.output.rate : 0 }),
                  },
                ],
              },
              {
                target: 'ready.rateUnavailable',
                description:
                  'Si el servidor no dio una cotización, se registra el aviso y no se muestran precios en moneda local.',
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
              description:
                'Si la llamada de la cotización falla, se registra el error y no se muestran precios en moneda local.',
              actions: [{ type: 'logRateError', params: { message: RATE_EXCEPTION_MESSAGE } }],
            },
          },
        },
        ready: {
          description: 'Los precios del país están a la vista',
          initial: 'noRateNeeded',
          states: {
            noRateNeeded: {
              description:
                'Argentina (precios en pesos) o un país que paga en dólares: no hace falta cotización',
            },
            regional: {
              description:
                'Con la cotización, cada plan muestra también su precio aproximado en la moneda local',
            },
            rateUnavailable: {
              description: 'No hubo cotización: se registra y los precios en moneda local no se muestran',
            },
          },
        },
      },
    },
    domain: {
      description: 'La casilla de dominio propio de la tarjeta Premium',
      initial: 'off',
      states: {
        off: {
          description: 'Premium muestra el precio del plan solo',
          on: {
            'domain.toggle': {
              target: 'on',
              description: 'El visitante marca la casilla de dominio propio.',
            },
          },
        },
        on: {
          description: "Premium muestra plan más dominio y la nota 'Gestión completa: ...'",
          on: {
            'domain.toggle': {
              target: 'off',
              description: 'El visitante desmarca la casilla de dominio propio.',
            },
          },
        },
      },
    },
  },
});

export type CountryPricesSnapshot = SnapshotFrom<typeof countryPricesMachine>;

/** The dropdown shows only while no cc cookie remembers a country (spec section 2). */
export function selectShowsCountryPicker(snapshot: CountryPricesSnapshot): boolean {
  return !remembersCountry(snapshot.context);
}

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
