import { COOKIE_LIFETIME_DAYS, DEFAULT_COUNTRY_CODE } from '../../domain/constants';
import { COUNTRIES } from '../../domain/countries';
import type { FlowEntry } from '../flow-notes';
import { COUNTRY_WORDS } from '../flow-words';
import {
  COUNTRY_LOOKUP_ERROR_MESSAGE,
  RATE_EXCEPTION_MESSAGE,
  countryPricesMachine,
  type CountryPricesInput,
} from './country-prices.machine';

const defaultCountry = COUNTRIES[DEFAULT_COUNTRY_CODE].nombre;

/** The country and prices of the plans section, with the exchange rate and the domain add-on. */
export const countryPricesFlow: FlowEntry = {
  order: 60,
  slug: 'country-prices',
  title: 'País y precios (sección de planes)',
  description: `Los planes se muestran con los precios del país del visitante. El país sale del parámetro cc de la dirección; si no, de la cookie cc (el que eligió en una visita anterior); si no, de la búsqueda del país del visitante; y si nada de eso da un país conocido, ${defaultCountry}. Para los países que no pagan en dólares, salvo Argentina, se pide la cotización de su moneda; si no llega, se anota el error y no se muestran los precios en moneda local. Si el visitante elige otro país en el desplegable (que solo aparece cuando la cookie cc no recuerda un país), se muestran sus precios y se recuerda en la cookie cc. La tarjeta Premium tiene además la casilla de dominio propio, que suma su precio.`,
  source: 'src/flows/country-prices/country-prices.machine.ts',
  machine: countryPricesMachine,
  exampleInput: { ccParam: 'CL', ccCookie: null } satisfies CountryPricesInput,
  notes: {
    events: {
      'country.change': 'El visitante elige un país en el desplegable de la sección de planes.',
      'domain.toggle': 'El visitante marca o desmarca la casilla de dominio propio de la tarjeta Premium.',
    },
    guards: {
      hasChosenCountry:
        'El parámetro `cc` de la dirección o la cookie `cc` (el país que el visitante eligió antes) es un código de país conocido: la regla del sitio decide sin la búsqueda.',
      canChooseCountry:
        'Ninguna cookie `cc` recuerda un país (por eso se muestra el desplegable) y el código elegido es conocido.',
      needsExchangeRate: 'La moneda del país no es el dólar y el país no es Argentina.',
      isRateAvailable: 'La llamada de la cotización respondió bien y trae un número mayor que cero.',
    },
    actions: {
      assignCountry: 'Fija el país cuyos precios se muestran.',
      assignRate: 'Guarda la cotización.',
      clearRate: 'Olvida la cotización del país anterior.',
      rememberCountry: `Guarda el país elegido en la cookie \`cc\` por ${COOKIE_LIFETIME_DAYS} días, para todo el sitio: en la próxima visita se muestran sus precios sin el desplegable.`,
      logLookupError: `Anota en la consola del navegador que no se pudo detectar el país: '${COUNTRY_LOOKUP_ERROR_MESSAGE}'.`,
      logRateError: `Anota en la consola del navegador 'No se pudo recuperar cotizacion para pais {code}' si el servidor no da la cotización, o '${RATE_EXCEPTION_MESSAGE}' si la llamada falla.`,
    },
    actors: {
      detectCountry:
        'Pregunta al servidor el país del visitante (`GET {api}/public/ip2location/`); lo que responda se valida antes de usarlo.',
      fetchRate:
        'Pide al servidor la cotización del dólar en la moneda del país (`GET {api}/public/cotizaciones/USD/{currency}`); entrega la cotización o avisa que no la hay, y falla si se corta la conexión.',
    },
    fields: {
      'country.change': { code: { meaning: 'el país elegido (su código)', values: COUNTRY_WORDS } },
    },
    context: {
      countryCode: { meaning: 'país cuyos precios se muestran', values: COUNTRY_WORDS },
      sources: {
        meaning: 'de dónde puede salir el país',
        fields: { param: 'el parámetro de la dirección', cookie: 'el país recordado de una visita anterior' },
      },
      rate: 'cotización del dólar en la moneda del país',
    },
    answers: {
      detectCountry: { meaning: 'el país del visitante (su código)', values: COUNTRY_WORDS },
      fetchRate: {
        meaning: 'la cotización',
        fields: { ok: 'si el servidor la dio', rate: 'cotización del dólar' },
      },
    },
    delays: {},
  },
};
