/**
 * The payment page's model runs (sandbox, live, no client) and sample events (the SDK, the buttons,
 * the capture). The model tests, the browser model paths and the flow explorer take them from here
 * (one list of events for every state; the model keeps those a state accepts).
 */
import type { EventObject } from 'xstate';
import { paymentMachine, type PaymentInput } from './payment.machine';
import type { MachineModel } from '@tienda/flow-workbench/kit';

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as EventObject;

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
