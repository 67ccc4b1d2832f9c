/**
 * Model runs and sample events of the small machines (one list of events for every state; the
 * model keeps those a state accepts).
 */
import type { EventObject } from 'xstate';
import { countryPricesMachine, type CountryPricesInput } from '../country-prices.machine';
import { mobileSlidesMachine } from '../mobile-slides.machine';
import { newsletterMachine } from '../newsletter.machine';
import { paymentMachine } from '../payment.machine';
import { referralBannerMachine, type ReferralBannerInput } from '../referral-banner.machine';
import { welcomeMachine, type WelcomeInput } from '../welcome.machine';
import type { MachineModel } from './types';

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as EventObject;

export const welcomeModel: MachineModel = {
  machine: welcomeMachine,
  runs: (
    [
      ['plan premium', { skipRedirect: false, plan: 'premium' }],
      ['plan pro', { skipRedirect: false, plan: 'pro' }],
      ['skipRedirect, sin plan', { skipRedirect: true, plan: null }],
      ['skipRedirect, plan no válido', { skipRedirect: true, plan: '<script>' }],
    ] as const satisfies readonly (readonly [string, WelcomeInput])[]
  ).map(([label, input]) => ({ label, input, events: () => [] })),
  samples: () => [],
};

const referralEvents = [ev('banner.apply')];
export const referralBannerModel: MachineModel = {
  machine: referralBannerMachine,
  runs: (
    [
      ['con código', { code: 'AMIGO25' }],
      ['sin código', { code: null }],
      ['código en blanco', { code: '   ' }],
    ] as const satisfies readonly (readonly [string, ReferralBannerInput])[]
  ).map(([label, input]) => ({ label, input, events: () => referralEvents })),
  samples: () => referralEvents,
};

const mobileEvents = [
  ev('slide.next'),
  ev('slide.back'),
  ev('trial.start'),
  ev('account.open'),
  ev('redirect.abort'),
];
export const mobileSlidesModel: MachineModel = {
  machine: mobileSlidesMachine,
  runs: [{ label: 'bienvenida', events: () => mobileEvents }],
  samples: () => mobileEvents,
};

export const NEWSLETTER_FIELDS = { EMAIL: 'ana@example.com' };
export const NEWSLETTER_WARNING_REPLY = { response: 'error', message: '<b>Ya</b> estás suscripto' };
const newsletterEvents = [
  ev('form.submit', { valid: true, fields: NEWSLETTER_FIELDS }),
  ev('form.submit', { valid: false, fields: { EMAIL: 'no' } }),
  ev('xstate.done.actor.subscribe', { output: { response: 'success', message: 'ok' } }),
  ev('xstate.done.actor.subscribe', { output: NEWSLETTER_WARNING_REPLY }),
  ev('xstate.error.actor.subscribe', { error: new SyntaxError('Unexpected token') }),
];
export const newsletterModel: MachineModel = {
  machine: newsletterMachine,
  runs: [{ label: 'formulario', events: () => newsletterEvents }],
  samples: () => newsletterEvents,
};

export const PAYMENT_ORDER_ID = 'ORDER-1';
export const PAYMENT_RUNS = {
  sandbox: {
    label: 'sandbox, una tienda, precio por defecto',
    input: { params: { sandbox: '1', cliente: ['tienda-a'], usd: null, locale: null } },
  },
  live: {
    label: 'producción, tres tiendas, usd 100',
    input: { params: { sandbox: null, cliente: ['a', 'b', 'c'], usd: '100', locale: 'es_AR' } },
  },
  noCliente: {
    label: 'sin cliente',
    input: { params: { sandbox: null, cliente: [], usd: null, locale: null } },
  },
} as const;
const paymentEvents = [
  ev('xstate.done.actor.loadSdk', { output: undefined }),
  ev('xstate.error.actor.loadSdk', { error: new Error('script error') }),
  ev('payment.approve', { orderId: PAYMENT_ORDER_ID }),
  ev('payment.approve', { orderId: '"><img src=x>' }),
  ev('payment.error', { message: 'card declined' }),
  ev('xstate.done.actor.captureOrder', { output: { status: 'COMPLETED' } }),
  ev('xstate.done.actor.captureOrder', { output: { status: 'PENDING' } }),
  ev('xstate.error.actor.captureOrder', { error: new Error('capture failed') }),
  ev('payment.retry'),
  ev('sdk.retry'),
];
export const paymentModel: MachineModel = {
  machine: paymentMachine,
  runs: Object.values(PAYMENT_RUNS).map((run) => ({ ...run, events: () => paymentEvents })),
  samples: () => paymentEvents,
};

export const COUNTRY_RATE = 3.7;
const countryEvents = [
  ev('country.change', { code: 'MX' }),
  ev('country.change', { code: 'ar' }),
  ev('country.change', { code: 'XX' }),
  ev('domain.toggle'),
  ev('xstate.done.actor.detectCountry', { output: 'PE' }),
  ev('xstate.done.actor.detectCountry', { output: '<b>' }),
  ev('xstate.error.actor.detectCountry', { error: new TypeError('Failed to fetch') }),
  ev('xstate.done.actor.fetchRate', { output: { ok: true, rate: COUNTRY_RATE } }),
  ev('xstate.done.actor.fetchRate', { output: { ok: false } }),
  ev('xstate.error.actor.fetchRate', { error: new TypeError('Failed to fetch') }),
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
      ['cc=CL', { ccParam: 'CL', hasCountryCookie: false }],
      ['cc=AR', { ccParam: 'AR', hasCountryCookie: false }],
      ['cc=PA con cookie de país', { ccParam: 'PA', hasCountryCookie: true }],
      ['sin cc', { ccParam: null, hasCountryCookie: false }],
      ['cc no válido con cookie', { ccParam: 'zz', hasCountryCookie: true }],
    ] as const satisfies readonly (readonly [string, CountryPricesInput])[]
  ).map(([label, input]) => ({
    label,
    input,
    events: () => countryEvents,
    simpleEvents: countrySimpleEvents,
  })),
  samples: () => countryEvents,
};
