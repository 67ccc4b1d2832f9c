/**
 * Model runs and sample events of the small machines (one list of events for every state; the
 * model keeps those a state accepts).
 */
import type { EventObject } from 'xstate';
import { blogGridMachine, type BlogGridInput } from '../../src/flows/blog-grid/blog-grid.machine';
import {
  countryPricesMachine,
  type CountryPricesInput,
} from '../../src/flows/country-prices/country-prices.machine';
import { mobileSlidesMachine } from '../../src/flows/mobile-slides/mobile-slides.machine';
import { newsletterMachine } from '../../src/flows/newsletter/newsletter.machine';
import {
  notificationMachine,
  type NotificationInput,
} from '../../src/flows/notification/notification.machine';
import { paymentMachine, type PaymentInput } from '../../src/flows/payment/payment.machine';
import {
  referralBannerMachine,
  type ReferralBannerInput,
} from '../../src/flows/referral-banner/referral-banner.machine';
import { welcomeMachine, type WelcomeInput } from '../../src/flows/welcome/welcome.machine';
import type { MachineModel } from '@tienda/flow-workbench/kit';

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as EventObject;

const welcomeEvents = [ev('redirect.abort')];
export const welcomeModel: MachineModel = {
  machine: welcomeMachine,
  runs: (
    [
      ['plan premium', { skipRedirect: false, plan: 'premium' }],
      ['plan pro', { skipRedirect: false, plan: 'pro' }],
      ['sin redirección, sin plan', { skipRedirect: true, plan: null }],
      ['sin redirección, plan no válido', { skipRedirect: true, plan: '<script>' }],
      ['plan con mayúscula (no válido)', { skipRedirect: false, plan: 'Premium' }],
    ] as const satisfies readonly (readonly [string, WelcomeInput])[]
  ).map(([label, input]) => ({ label, input, events: () => welcomeEvents })),
  samples: () => welcomeEvents,
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

export const NEWSLETTER_SUBMISSION = {
  action: 'http://127.0.0.1/api/newsletter/',
  method: 'post',
  fields: { email: 'ana@example.com' },
};
export const NEWSLETTER_WARNING_REPLY = { response: 'error', message: '<b>Ya</b> estás suscrito' };
const newsletterEvents = [
  ev('form.submit', { passesBrowserCheck: true, ...NEWSLETTER_SUBMISSION }),
  ev('form.submit', { passesBrowserCheck: false, ...NEWSLETTER_SUBMISSION, fields: { email: 'no' } }),
  ev('xstate.done.actor.subscribe', { output: { response: 'success', message: '¡Listo!' } }),
  ev('xstate.done.actor.subscribe', { output: { response: 'success' } }),
  ev('xstate.done.actor.subscribe', { output: NEWSLETTER_WARNING_REPLY }),
  ev('xstate.error.actor.subscribe', { error: new SyntaxError('La respuesta no es JSON válido') }),
];
export const newsletterModel: MachineModel = {
  machine: newsletterMachine,
  runs: [{ label: 'formulario', events: () => newsletterEvents }],
  samples: () => newsletterEvents,
};

export const PAYMENT_ORDER_ID = 'ORDER-1';
export const PAYMENT_HOSTILE_ORDER_ID = '"><img src=x>';
export const PAYMENT_RUNS = {
  sandbox: {
    label: 'entorno de pruebas, una tienda, precio por defecto',
    input: { params: { sandbox: ['1'], cliente: ['tienda-a'], usd: [], locale: [] } },
  },
  live: {
    label: 'producción, tres tiendas, usd 100 (reparto desigual)',
    input: { params: { sandbox: [], cliente: ['a', 'b', 'c'], usd: ['100'], locale: ['es_AR'] } },
  },
  noCliente: {
    label: 'sin cliente',
    input: { params: { sandbox: [], cliente: [], usd: [], locale: [] } },
  },
} as const satisfies Record<string, { label: string; input: PaymentInput }>;
const paymentEvents = [
  ev('xstate.done.actor.loadSdk', { output: undefined }),
  ev('xstate.error.actor.loadSdk', { error: new Error('No se pudo cargar PayPal') }),
  ev('buttons.rendered'),
  ev('buttons.failed'),
  ev('payment.start'),
  ev('payment.cancel'),
  ev('payment.approve', { orderId: PAYMENT_ORDER_ID }),
  ev('payment.approve', { orderId: PAYMENT_HOSTILE_ORDER_ID }),
  ev('payment.error', { message: 'Tarjeta rechazada' }),
  ev('xstate.done.actor.captureOrder', { output: { status: 'COMPLETED', captureId: 'CAP-1' } }),
  ev('xstate.done.actor.captureOrder', { output: { status: 'PENDING', captureId: 'CAP-2' } }),
  ev('xstate.done.actor.captureOrder', { output: { status: 'DECLINED', captureId: 'CAP-3' } }),
  ev('xstate.error.actor.captureOrder', { error: new Error('Falló el cobro') }),
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

/** The site's four posts by category, and a longer list where a category needs two pages. */
export const BLOG_GRID_RUNS = [
  {
    label: 'los cuatro artículos del sitio',
    input: {
      posts: [
        { slug: 'w', category: 'WhatsApp' },
        { slug: 'v', category: 'Ventas' },
        { slug: 'h', category: 'Instagram' },
        { slug: 'p', category: 'Instagram' },
      ],
    },
  },
  {
    label: 'cinco artículos, Instagram en dos páginas',
    input: {
      posts: [
        { slug: 'a', category: 'Instagram' },
        { slug: 'b', category: 'Ventas' },
        { slug: 'c', category: 'Instagram' },
        { slug: 'd', category: 'Instagram' },
        { slug: 'e', category: 'Ventas' },
      ],
    },
  },
] as const satisfies readonly { label: string; input: BlogGridInput }[];
const blogGridEvents = [
  ev('posts.more'),
  ...[null, 'Instagram', 'Ventas', 'Cocina'].map((category) => ev('category.select', { category })),
];
export const blogGridModel: MachineModel = {
  machine: blogGridMachine,
  runs: BLOG_GRID_RUNS.map((run) => ({ ...run, events: () => blogGridEvents })),
  samples: () => blogGridEvents,
};

export const NOTIFICATION_INPUT: NotificationInput = { message: 'Ya estás suscrito', tone: 'warning' };
const notificationEvents = [ev('notification.dismiss'), ev('notification.hold'), ev('notification.release')];
export const notificationModel: MachineModel = {
  machine: notificationMachine,
  runs: [{ label: 'aviso', input: NOTIFICATION_INPUT, events: () => notificationEvents }],
  samples: () => notificationEvents,
};
