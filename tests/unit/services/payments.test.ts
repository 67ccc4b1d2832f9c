// @vitest-environment happy-dom
import type { PayPalButtonsComponentOptions } from '@paypal/paypal-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { quotePayment } from '../../../src/domain/payment-order';
import {
  createPayPalProvider,
  readCapture,
  type PaymentButtonsHandlers,
} from '../../../src/services/payments';

const loadScript = vi.hoisted(() => vi.fn());
vi.mock('@paypal/paypal-js', () => ({ loadScript }));

let buttonOptions: PayPalButtonsComponentOptions | undefined;
const rendered = {
  render: vi.fn(async () => undefined),
  close: vi.fn(async () => undefined),
  eligible: true,
};
const fakeNamespace = {
  version: 'fake',
  Buttons: (options: PayPalButtonsComponentOptions) => {
    buttonOptions = options;
    return { ...rendered, isEligible: () => rendered.eligible };
  },
};

const quote = quotePayment({ sandbox: false, clientes: ['a', 'b', 'c'], usdCents: 10000, locale: 'es_CL' });

function handlers(canStart = true): PaymentButtonsHandlers & Record<string, ReturnType<typeof vi.fn>> {
  return {
    canStart: vi.fn(() => canStart),
    onStart: vi.fn(),
    onApprove: vi.fn(),
    onCancel: vi.fn(),
    onError: vi.fn(),
  };
}

beforeEach(() => {
  loadScript.mockReset();
  loadScript.mockResolvedValue(fakeNamespace);
  buttonOptions = undefined;
  rendered.eligible = true;
});

describe('PayPal provider', () => {
  it('loads the SDK with the live or sandbox client id, USD, the locale and intent capture', async () => {
    const provider = createPayPalProvider();
    await provider.loadSdk({ sandbox: false, locale: 'es_CL', currency: 'USD' });
    await provider.loadSdk({ sandbox: true, locale: 'en_US', currency: 'USD' });
    expect(loadScript.mock.calls.map(([options]) => options)).toEqual([
      { clientId: 'test', currency: 'USD', locale: 'es_CL', intent: 'capture', components: 'buttons' },
      { clientId: 'sb', currency: 'USD', locale: 'en_US', intent: 'capture', components: 'buttons' },
    ]);
  });

  it('rejects, and removes the failed script so a retry loads a fresh one', async () => {
    const script = document.createElement('script');
    script.dataset.jsSdkLibrary = 'paypal-js';
    document.head.append(script);
    loadScript.mockRejectedValueOnce(new Error('network'));
    await expect(
      createPayPalProvider().loadSdk({ sandbox: false, locale: 'es_CL', currency: 'USD' }),
    ).rejects.toThrow('network');
    expect(document.querySelector('script[data-js-sdk-library]')).toBeNull();
  });

  it('rejects an SDK without buttons, and buttons that are not eligible', async () => {
    loadScript.mockResolvedValueOnce({ version: 'x' });
    await expect(
      createPayPalProvider().loadSdk({ sandbox: false, locale: 'es_CL', currency: 'USD' }),
    ).rejects.toThrow();
    const provider = createPayPalProvider();
    await provider.loadSdk({ sandbox: false, locale: 'es_CL', currency: 'USD' });
    rendered.eligible = false;
    await expect(provider.renderButtons(document.createElement('div'), quote, handlers())).rejects.toThrow();
  });

  it('creates the order of the quote, reports approval, captures it once', async () => {
    const provider = createPayPalProvider();
    await provider.loadSdk({ sandbox: false, locale: 'es_CL', currency: 'USD' });
    const h = handlers();
    await provider.renderButtons(document.createElement('div'), quote, h);
    const create = vi.fn(async (_body: unknown) => 'ORDER-9');
    await expect(
      buttonOptions?.createOrder?.({ paymentSource: 'paypal' }, { order: { create } }),
    ).resolves.toBe('ORDER-9');
    expect(h.onStart).toHaveBeenCalledOnce();
    expect(create.mock.calls[0]?.[0]).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { value: '100.00' } }],
    });
    const capture = vi.fn(async () => ({
      status: 'COMPLETED',
      purchase_units: [{ payments: { captures: [{ id: 'CAP-9', status: 'COMPLETED' }] } }],
    }));
    await buttonOptions?.onApprove?.({ orderID: 'ORDER-9' }, {
      order: { capture },
    } as unknown as Parameters<NonNullable<PayPalButtonsComponentOptions['onApprove']>>[1]);
    expect(h.onApprove).toHaveBeenCalledWith('ORDER-9');
    await expect(provider.captureOrder('ORDER-9')).resolves.toEqual({
      status: 'COMPLETED',
      captureId: 'CAP-9',
    });
    await expect(provider.captureOrder('ORDER-9')).rejects.toThrow('no fue aprobada');
    expect(capture).toHaveBeenCalledOnce();
  });

  it('refuses a click, and creates no order, when the flow cannot start a payment', async () => {
    const provider = createPayPalProvider();
    await provider.loadSdk({ sandbox: false, locale: 'es_CL', currency: 'USD' });
    const h = handlers(false);
    await provider.renderButtons(document.createElement('div'), quote, h);
    const actions = { resolve: vi.fn(async () => undefined), reject: vi.fn(async () => undefined) };
    await buttonOptions?.onClick?.({}, actions);
    expect(actions.reject).toHaveBeenCalledOnce();
    expect(actions.resolve).not.toHaveBeenCalled();
    const create = vi.fn(async () => 'ORDER-1');
    await expect(
      buttonOptions?.createOrder?.({ paymentSource: 'paypal' }, { order: { create } }),
    ).rejects.toThrow();
    expect(create).not.toHaveBeenCalled();
    expect(h.onStart).not.toHaveBeenCalled();
  });

  it('passes cancel and error to the handlers', async () => {
    const provider = createPayPalProvider();
    await provider.loadSdk({ sandbox: false, locale: 'es_CL', currency: 'USD' });
    const h = handlers();
    await provider.renderButtons(document.createElement('div'), quote, h);
    buttonOptions?.onCancel?.({}, { redirect: () => undefined });
    buttonOptions?.onError?.({ message: 'x' });
    expect(h.onCancel).toHaveBeenCalledOnce();
    expect(h.onError).toHaveBeenCalledWith({ message: 'x' });
  });
});

describe('readCapture', () => {
  it.each([
    [
      {
        status: 'COMPLETED',
        purchase_units: [{ payments: { captures: [{ id: 'C1', status: 'PENDING' }] } }],
      },
      { status: 'PENDING', captureId: 'C1' },
    ],
    [{ status: 'COMPLETED' }, { status: 'COMPLETED', captureId: null }],
    [{ purchase_units: 'x' }, { status: 'UNKNOWN', captureId: null }],
    [null, { status: 'UNKNOWN', captureId: null }],
    [
      { purchase_units: [{ payments: { captures: [{ id: 42, status: 7 }] } }] },
      { status: 'UNKNOWN', captureId: null },
    ],
  ])('reads %j', (response, expected) => {
    expect(readCapture(response)).toEqual(expected);
  });
});
