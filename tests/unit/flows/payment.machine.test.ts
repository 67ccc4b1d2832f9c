import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromCallback } from 'xstate';
import { PAYMENT_SDK_LOAD_TIMEOUT_MS } from '../../../src/domain/constants';
import { MISSING_CLIENTE_ERROR, type RawPaymentParams } from '../../../src/domain/payment-params';
import {
  paymentMachine,
  type CaptureOrderOutput,
  type LoadSdkInput,
  type PaymentButtonsInput,
  type PaymentEvent,
} from '../../../src/flows/payment/payment.machine';
import { PAYMENT_FAILED_MESSAGE, SDK_FAILED_MESSAGE } from '../../../src/domain/payment-messages';
import { controlledActor, settle } from './helpers';

const raw = (over: Partial<RawPaymentParams> = {}): RawPaymentParams => ({
  sandbox: [],
  cliente: ['mi-tienda'],
  usd: [],
  locale: [],
  ...over,
});

/** A buttons actor the test drives: what it was given, and a way to send back. */
function fakeButtons() {
  const instances: { input: PaymentButtonsInput; send: (event: PaymentEvent) => void; stopped: boolean }[] =
    [];
  const logic = fromCallback<PaymentEvent, PaymentButtonsInput>(({ input, sendBack }) => {
    const instance = { input, send: sendBack, stopped: false };
    instances.push(instance);
    return () => {
      instance.stopped = true;
    };
  });
  return { logic, instances };
}

function start(params: RawPaymentParams) {
  const loadSdk = controlledActor<void, LoadSdkInput>();
  const captureOrder = controlledActor<CaptureOrderOutput, { orderId: string }>();
  const buttons = fakeButtons();
  const log = vi.fn();
  const clock = new SimulatedClock();
  const actor = createActor(
    paymentMachine.provide({
      actors: { loadSdk: loadSdk.logic, captureOrder: captureOrder.logic, paymentButtons: buttons.logic },
      actions: { logPaymentError: (_, p) => log(p.message) },
    }),
    { input: { params }, clock },
  );
  actor.start();
  const current = () => {
    const instance = buttons.instances.at(-1);
    if (!instance) throw new Error('no buttons rendered');
    return instance;
  };
  /** Loads the SDK and renders the buttons: the buyer sees them. */
  const toReady = async () => {
    loadSdk.calls.at(-1)?.resolve();
    await settle();
    current().send({ type: 'buttons.rendered' });
  };
  return { actor, loadSdk, captureOrder, buttons, current, log, clock, toReady };
}

describe('payment machine', () => {
  it("stops at invalidParams with 'Falta el parametro cliente en la URL' and loads nothing", () => {
    const { actor, loadSdk } = start(raw({ cliente: [] }));
    expect(actor.getSnapshot().value).toBe('invalidParams');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.errors).toEqual([MISSING_CLIENTE_ERROR]);
    expect(loadSdk.calls).toHaveLength(0);
  });

  it('loads the SDK (sandbox or live, locale, USD), renders the buttons with the order, captures once, ends paid', async () => {
    const { actor, loadSdk, captureOrder, buttons, current, toReady } = start(
      raw({ sandbox: ['1'], locale: ['es_PE'], cliente: ['a', 'b', 'c'], usd: ['100'] }),
    );
    expect(actor.getSnapshot().value).toBe('loadingSdk');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(loadSdk.calls[0]?.input).toEqual({ sandbox: true, locale: 'es_PE', currency: 'USD' });
    await toReady();
    expect(actor.getSnapshot().value).toEqual({ checkout: { ready: 'idle' } });
    expect(current().input.quote.lines.map((l) => l.cents)).toEqual([3334, 3333, 3333]);
    expect(current().input.quote.totalCents).toBe(10000);

    expect(actor.getSnapshot().can({ type: 'payment.start' })).toBe(true);
    current().send({ type: 'payment.start' });
    expect(actor.getSnapshot().value).toEqual({ checkout: { ready: 'paying' } });
    current().send({ type: 'payment.approve', orderId: '5O190127TN364715T' });
    expect(actor.getSnapshot().value).toEqual({ checkout: 'capturing' });
    // What the buttons ask before creating an order: no while capturing.
    expect(actor.getSnapshot().can({ type: 'payment.start' })).toBe(false);
    expect(captureOrder.calls[0]?.input).toEqual({ orderId: '5O190127TN364715T' });

    // Whatever the buttons send while capturing is ignored.
    current().send({ type: 'payment.start' });
    current().send({ type: 'payment.approve', orderId: 'OTHER' });
    current().send({ type: 'payment.error' });
    current().send({ type: 'payment.cancel' });
    expect(actor.getSnapshot().value).toEqual({ checkout: 'capturing' });
    expect(captureOrder.calls).toHaveLength(1);

    captureOrder.calls[0]?.resolve({ status: 'COMPLETED', captureId: '3C679366HH908993F' });
    await settle();
    expect(actor.getSnapshot().value).toBe('paid');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.captureId).toBe('3C679366HH908993F');
    expect(buttons.instances).toHaveLength(1);
    expect(current().stopped).toBe(true);
  });

  it('a cancelled payment returns to the buttons, which stay rendered', async () => {
    const { actor, current, buttons, toReady } = start(raw());
    await toReady();
    current().send({ type: 'payment.start' });
    current().send({ type: 'payment.cancel' });
    expect(actor.getSnapshot().value).toEqual({ checkout: { ready: 'cancelled' } });
    expect(current().stopped).toBe(false);
    current().send({ type: 'payment.start' });
    expect(actor.getSnapshot().value).toEqual({ checkout: { ready: 'paying' } });
    expect(buttons.instances).toHaveLength(1);
  });

  it('ignores an approval without a plausible order id', async () => {
    const { actor, captureOrder, current, toReady } = start(raw());
    await toReady();
    current().send({ type: 'payment.approve', orderId: '../../x' });
    current().send({ type: 'payment.approve', orderId: '' });
    // A plausible start with something else after it, and one character too long.
    current().send({ type: 'payment.approve', orderId: 'ORDER-1<script>' });
    current().send({ type: 'payment.approve', orderId: 'A'.repeat(65) });
    // Not text at all, though it would read as a plausible id.
    current().send({ type: 'payment.approve', orderId: 12345 } as unknown as PaymentEvent);
    expect(actor.getSnapshot().value).toEqual({ checkout: { ready: 'idle' } });
    expect(captureOrder.calls).toHaveLength(0);
  });

  it('a capture that answers nothing is a failed payment, never a crash nor a thanks', async () => {
    const { actor, captureOrder, current, toReady } = start(raw());
    await toReady();
    current().send({ type: 'payment.approve', orderId: 'ORDER-1' });
    captureOrder.calls[0]?.resolve(undefined as unknown as CaptureOrderOutput);
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('keeps a pending capture apart from a failure: the money may still be taken', async () => {
    const { actor, captureOrder, current, toReady, log } = start(raw());
    await toReady();
    current().send({ type: 'payment.approve', orderId: 'ORDER-1' });
    captureOrder.calls[0]?.resolve({ status: 'PENDING', captureId: 'CAP-1' });
    await settle();
    expect(actor.getSnapshot().value).toBe('pendingReview');
    expect(actor.getSnapshot().context.captureId).toBe('CAP-1');
    expect(log).not.toHaveBeenCalled();
  });

  it('drops an implausible capture id (the page shows the order id instead)', async () => {
    const { actor, captureOrder, current, toReady } = start(raw());
    await toReady();
    current().send({ type: 'payment.approve', orderId: 'ORDER-1' });
    captureOrder.calls[0]?.resolve({ status: 'COMPLETED', captureId: '<img src=x>' });
    await settle();
    expect(actor.getSnapshot().value).toBe('paid');
    expect(actor.getSnapshot().context).toMatchObject({ captureId: null, orderId: 'ORDER-1' });
  });

  it.each([
    ['a payment error', 'error'],
    ['a failed capture', 'reject'],
    ['a declined capture', 'declined'],
  ])('shows the error section after %s, and the retry renders the buttons again', async (_label, how) => {
    const { actor, captureOrder, current, buttons, toReady, log } = start(raw());
    await toReady();
    if (how === 'error') current().send({ type: 'payment.error', message: 'declined' });
    else {
      current().send({ type: 'payment.approve', orderId: 'ORDER-1' });
      if (how === 'reject') captureOrder.calls[0]?.reject(new Error('422'));
      else captureOrder.calls[0]?.resolve({ status: 'DECLINED', captureId: 'CAP-1' });
      await settle();
    }
    expect(actor.getSnapshot().value).toBe('failed');
    expect(log).toHaveBeenLastCalledWith(PAYMENT_FAILED_MESSAGE);
    expect(current().stopped).toBe(true);
    actor.send({ type: 'payment.retry' });
    expect(actor.getSnapshot().value).toEqual({ checkout: 'rendering' });
    expect(buttons.instances).toHaveLength(2);
  });

  it('offers a retry when the SDK does not load, then loads it again', async () => {
    const { actor, loadSdk, log } = start(raw());
    loadSdk.calls[0]?.reject(new Error('blocked'));
    await settle();
    expect(actor.getSnapshot().value).toBe('sdkFailed');
    expect(log).toHaveBeenCalledWith(SDK_FAILED_MESSAGE);
    actor.send({ type: 'sdk.retry' });
    expect(actor.getSnapshot().value).toBe('loadingSdk');
    expect(loadSdk.calls).toHaveLength(2);
  });

  it('gives up on an SDK that hangs, after the time limit', () => {
    const { actor, clock, log } = start(raw());
    clock.increment(PAYMENT_SDK_LOAD_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('loadingSdk');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('sdkFailed');
    expect(log).toHaveBeenCalledWith(SDK_FAILED_MESSAGE);
  });

  it('treats buttons that fail or never render like an SDK that did not load', async () => {
    const first = start(raw());
    first.loadSdk.calls[0]?.resolve();
    await settle();
    expect(first.actor.getSnapshot().value).toEqual({ checkout: 'rendering' });
    first.current().send({ type: 'buttons.failed' });
    expect(first.actor.getSnapshot().value).toBe('sdkFailed');

    const second = start(raw());
    second.loadSdk.calls[0]?.resolve();
    await settle();
    second.clock.increment(PAYMENT_SDK_LOAD_TIMEOUT_MS);
    expect(second.actor.getSnapshot().value).toBe('sdkFailed');
    expect(second.current().stopped).toBe(true);
  });
});
