import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  MAX_STORES_PER_PAYMENT,
  MISSING_CLIENTE_ERROR,
  buildPaymentOrder,
  validatePaymentParams,
  type RawPaymentParams,
} from '../../../src/domain/payment-params';
import {
  PAYMENT_FAILED_MESSAGE,
  SDK_FAILED_MESSAGE,
  paymentMachine,
  type CaptureOrderOutput,
  type LoadSdkInput,
} from '../../../src/machines/payment.machine';
import { controlledActor, settle } from './helpers';

const raw = (over: Partial<RawPaymentParams> = {}): RawPaymentParams => ({
  sandbox: null,
  cliente: ['mi-tienda'],
  usd: null,
  locale: null,
  ...over,
});

describe('payment parameters', () => {
  it('defaults: live, es_CL, 12 USD per store', () => {
    expect(validatePaymentParams(raw({ cliente: ['a', 'b'] }))).toEqual({
      ok: true,
      value: { sandbox: false, clientes: ['a', 'b'], locale: 'es_CL', perStoreUsd: 12, totalUsd: 24 },
    });
  });

  it('divides usd by the stores, to the cent, and the total is per-store times stores', () => {
    const result = validatePaymentParams(
      raw({ cliente: ['a', 'b', 'c'], usd: '100', sandbox: '', locale: 'es_AR' }),
    );
    expect(result).toEqual({
      ok: true,
      value: {
        sandbox: true,
        clientes: ['a', 'b', 'c'],
        usd: 100,
        locale: 'es_AR',
        perStoreUsd: 33.33,
        totalUsd: 99.99,
      },
    });
  });

  it.each([
    [{ cliente: [] }, MISSING_CLIENTE_ERROR],
    [{ cliente: ['', '  '] }, MISSING_CLIENTE_ERROR],
    [{ cliente: ['<script>'] }, 'El parámetro cliente "<script>" no es válido'],
    [{ cliente: ['a'.repeat(65)] }, 'El parámetro cliente'],
    [{ cliente: ['a', 'a'] }, 'El cliente "a" está repetido'],
    [{ usd: '-5' }, 'El parámetro usd "-5" no es válido'],
    [{ usd: '10.999' }, 'El parámetro usd "10.999" no es válido'],
    [{ usd: '1e3' }, 'El parámetro usd "1e3" no es válido'],
    [{ usd: '' }, 'El parámetro usd "" no es válido'],
    [{ usd: '0' }, 'El parámetro usd debe ser mayor que cero.'],
    [{ usd: '100000.01' }, 'El parámetro usd no puede superar'],
    [{ usd: '0.01', cliente: ['a', 'b', 'c'] }, 'demasiado bajo'],
    [{ locale: 'es-CL' }, 'El parámetro locale "es-CL" no es válido'],
    [{ locale: 'ES_cl' }, 'El parámetro locale'],
    [{ sandbox: 'maybe' }, 'El parámetro sandbox "maybe" no es válido'],
    [
      { cliente: Array.from({ length: MAX_STORES_PER_PAYMENT + 1 }, (_, i) => `t${i}`) },
      'No se pueden pagar más de',
    ],
  ] as [Partial<RawPaymentParams>, string][])('rejects %j with its own message', (over, message) => {
    const result = validatePaymentParams(raw(over));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join('\n')).toContain(message);
  });

  it('reports every malformed parameter, not only the first', () => {
    const result = validatePaymentParams({ sandbox: 'x', cliente: [], usd: 'abc', locale: 'xx' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toHaveLength(4);
  });

  it('quotes hostile values safely (short, no control characters)', () => {
    const result = validatePaymentParams(raw({ cliente: [`${'\u0000'.repeat(3)}${'x'.repeat(200)}`] }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors[0]).not.toContain('\u0000');
      expect(result.errors[0]!.length).toBeLessThan(200);
    }
  });

  it('keeps the order consistent for any stores and amount (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9._-]{1,64}$/), {
          minLength: 1,
          maxLength: MAX_STORES_PER_PAYMENT,
        }),
        fc.option(fc.integer({ min: 1, max: 100000 * 100 }), { nil: undefined }),
        (clientes, cents) => {
          const usd = cents === undefined ? null : (cents / 100).toFixed(2);
          const result = validatePaymentParams(raw({ cliente: clientes, usd }));
          if (!result.ok) {
            // Only an amount too small to split among the stores is refused.
            expect(cents).toBeDefined();
            expect(Math.round((cents ?? 0) / clientes.length)).toBe(0);
            return;
          }
          const { perStoreUsd, totalUsd } = result.value;
          expect(Math.round(totalUsd * 100)).toBe(Math.round(perStoreUsd * 100) * clientes.length);
          if (cents !== undefined) {
            expect(Math.abs(Math.round(totalUsd * 100) - cents)).toBeLessThanOrEqual(clientes.length / 2);
          }
          const order = buildPaymentOrder(result.value);
          const [unit] = order.purchase_units;
          expect(unit.items).toHaveLength(clientes.length);
          const sum = unit.items.reduce((n, item) => n + Math.round(Number(item.unit_amount.value) * 100), 0);
          expect(sum).toBe(Math.round(Number(unit.amount.value) * 100));
          expect(unit.amount.breakdown.item_total.value).toBe(unit.amount.value);
        },
      ),
    );
  });

  it('builds one item per store named after it, in USD with two decimals', () => {
    const result = validatePaymentParams(raw({ cliente: ['pizzeria', 'kiosco'], usd: '25' }));
    if (!result.ok) throw new Error('expected valid');
    expect(buildPaymentOrder(result.value)).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: {
            currency_code: 'USD',
            value: '25.00',
            breakdown: { item_total: { currency_code: 'USD', value: '25.00' } },
          },
          items: [
            {
              name: 'Suscripción mensual - pizzeria',
              quantity: '1',
              unit_amount: { currency_code: 'USD', value: '12.50' },
            },
            {
              name: 'Suscripción mensual - kiosco',
              quantity: '1',
              unit_amount: { currency_code: 'USD', value: '12.50' },
            },
          ],
        },
      ],
    });
  });
});

function start(params: RawPaymentParams) {
  const loadSdk = controlledActor<void, LoadSdkInput>();
  const captureOrder = controlledActor<CaptureOrderOutput, { orderId: string }>();
  const log = vi.fn();
  const actor = createActor(
    paymentMachine.provide({
      actors: { loadSdk: loadSdk.logic, captureOrder: captureOrder.logic },
      actions: { logPaymentError: (_, p) => log(p.message) },
    }),
    { input: { params } },
  );
  actor.start();
  return { actor, loadSdk, captureOrder, log };
}

describe('payment machine', () => {
  it("stops at invalidParams with 'Falta el parametro cliente en la URL' and loads nothing", () => {
    const { actor, loadSdk } = start(raw({ cliente: [] }));
    expect(actor.getSnapshot().value).toBe('invalidParams');
    expect(actor.getSnapshot().context.errors).toEqual([MISSING_CLIENTE_ERROR]);
    expect(loadSdk.calls).toHaveLength(0);
  });

  it('loads the SDK (sandbox or live, locale), captures the approved order and ends paid', async () => {
    const { actor, loadSdk, captureOrder } = start(raw({ sandbox: '1', locale: 'es_PE' }));
    expect(actor.getSnapshot().value).toBe('loadingSdk');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(loadSdk.calls[0]?.input).toEqual({ sandbox: true, locale: 'es_PE', currency: 'USD' });
    loadSdk.calls[0]?.resolve();
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'payment.approve', orderId: '5O190127TN364715T' });
    expect(actor.getSnapshot().value).toBe('approving');
    expect(captureOrder.calls[0]?.input).toEqual({ orderId: '5O190127TN364715T' });
    // A second approval while capturing is ignored.
    actor.send({ type: 'payment.approve', orderId: 'OTHER' });
    expect(captureOrder.calls).toHaveLength(1);
    captureOrder.calls[0]?.resolve({ status: 'COMPLETED' });
    await settle();
    expect(actor.getSnapshot().value).toBe('paid');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('ignores an approval without a plausible order id', async () => {
    const { actor, loadSdk, captureOrder } = start(raw());
    loadSdk.calls[0]?.resolve();
    await settle();
    actor.send({ type: 'payment.approve', orderId: '../../x' });
    actor.send({ type: 'payment.approve', orderId: '' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(captureOrder.calls).toHaveLength(0);
  });

  it.each([
    ['a payment error', 'error'],
    ['a failed capture', 'reject'],
    ['a capture that is not COMPLETED', 'pending'],
  ])('shows the error section after %s, and can try again', async (_label, how) => {
    const { actor, loadSdk, captureOrder, log } = start(raw());
    loadSdk.calls[0]?.resolve();
    await settle();
    if (how === 'error') actor.send({ type: 'payment.error', message: 'declined' });
    else {
      actor.send({ type: 'payment.approve', orderId: 'ORDER-1' });
      if (how === 'reject') captureOrder.calls[0]?.reject(new Error('422'));
      else captureOrder.calls[0]?.resolve({ status: 'PENDING' });
      await settle();
    }
    expect(actor.getSnapshot().value).toBe('failed');
    expect(log).toHaveBeenLastCalledWith(PAYMENT_FAILED_MESSAGE);
    actor.send({ type: 'payment.retry' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('offers a retry when the SDK does not load', async () => {
    const { actor, loadSdk, log } = start(raw());
    loadSdk.calls[0]?.reject(new Error('blocked'));
    await settle();
    expect(actor.getSnapshot().value).toBe('sdkFailed');
    expect(log).toHaveBeenCalledWith(SDK_FAILED_MESSAGE);
    actor.send({ type: 'sdk.retry' });
    expect(actor.getSnapshot().value).toBe('loadingSdk');
    expect(loadSdk.calls).toHaveLength(2);
  });
});
