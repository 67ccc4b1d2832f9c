// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RawPaymentParams } from '../../../../src/domain/payment-params';
import type {
  PaymentButtonsHandlers,
  PaymentCapture,
  PaymentProvider,
} from '../../../../src/services/payments';
import PaymentFlow from '../../../../src/flows/payment/payment-flow';

afterEach(cleanup);

/** A provider the test drives: it records what the flow asked and hands back the button handlers. */
function fakeProvider(options: { renderFails?: boolean } = {}) {
  let handlers: PaymentButtonsHandlers | undefined;
  let container: HTMLElement | undefined;
  let finishCapture: ((capture: PaymentCapture) => void) | undefined;
  const provider: PaymentProvider = {
    loadSdk: vi.fn(async () => undefined),
    renderButtons: vi.fn(async (element, _quote, h) => {
      if (options.renderFails) throw new Error('not eligible');
      handlers = h;
      container = element;
      element.append(Object.assign(document.createElement('button'), { textContent: 'PayPal' }));
      return { close: vi.fn(async () => element.replaceChildren()) };
    }),
    captureOrder: vi.fn(
      () =>
        new Promise<PaymentCapture>((resolve) => {
          finishCapture = resolve;
        }),
    ),
  };
  return {
    provider,
    handlers: () => handlers!,
    container: () => container!,
    finishCapture: (capture: PaymentCapture) => finishCapture?.(capture),
  };
}

const params = (over: Partial<RawPaymentParams> = {}): RawPaymentParams => ({
  sandbox: [],
  cliente: ['a', 'b', 'c'],
  usd: ['100'],
  locale: [],
  ...over,
});

const flush = () => act(async () => undefined);

describe('PaymentFlow', () => {
  it('shows the summary, renders the buttons, captures the approval once and thanks with a WhatsApp notice', async () => {
    const fake = fakeProvider();
    render(<PaymentFlow params={params()} provider={fake.provider} />);
    expect(screen.getByRole('status').textContent).toContain('Cargando los medios de pago…');
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual([
      'TiendaPrecio mensual',
      'aUS$\u00a033,34',
      'bUS$\u00a033,33',
      'cUS$\u00a033,33',
      'TotalUS$\u00a0100,00',
    ]);
    expect(fake.provider.loadSdk).toHaveBeenCalledWith({ sandbox: false, locale: 'es_CL', currency: 'USD' });
    await flush();
    expect(screen.getByRole('button', { name: 'PayPal' })).toBeTruthy();
    expect(fake.handlers().canStart()).toBe(true);

    act(() => fake.handlers().onStart());
    expect(screen.getByRole('status').textContent).toBe('Completa el pago en la ventana de PayPal.');
    act(() => fake.handlers().onApprove('ORDER-1'));
    expect(fake.provider.captureOrder).toHaveBeenCalledWith('ORDER-1');
    expect(fake.container().hasAttribute('inert')).toBe(true);
    expect(fake.handlers().canStart()).toBe(false);
    act(() => fake.handlers().onApprove('ORDER-2'));
    expect(fake.provider.captureOrder).toHaveBeenCalledTimes(1);

    await act(async () => fake.finishCapture({ status: 'COMPLETED', captureId: 'CAP-1' }));
    const heading = screen.getByRole('heading', { name: '¡Gracias! Recibimos tu pago' });
    expect(document.activeElement).toBe(heading);
    const link = screen.getByRole('link', { name: /Avisar por WhatsApp/ });
    expect(new URL(link.getAttribute('href') ?? '').searchParams.get('text')).toBe(
      'Hola, acabo de pagar la suscripción mensual de mis tiendas a, b y c por un total de US$\u00a0100,00. Código de la operación en PayPal: CAP-1.',
    );
    expect(screen.queryByRole('button', { name: 'PayPal' })).toBeNull();
  });

  it('a cancel keeps the buttons and says nothing was charged', async () => {
    const fake = fakeProvider();
    render(<PaymentFlow params={params({ cliente: ['kiosco'], usd: [] })} provider={fake.provider} />);
    await flush();
    act(() => fake.handlers().onCancel());
    expect(screen.getByRole('status').textContent).toContain('Cancelaste el pago y no se hizo ningún cobro.');
    expect(screen.getByRole('button', { name: 'PayPal' })).toBeTruthy();
    expect(fake.handlers().canStart()).toBe(true);
  });

  it('buttons that cannot render show the Spanish error, and the retry loads again', async () => {
    const fake = fakeProvider({ renderFails: true });
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    render(<PaymentFlow params={params()} provider={fake.provider} />);
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(
      'No pudimos cargar el medio de pago. Revisa tu conexión e intenta de nuevo.',
    );
    expect(info).toHaveBeenCalledWith(
      'No pudimos cargar el medio de pago. Revisa tu conexión e intenta de nuevo.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(fake.provider.loadSdk).toHaveBeenCalledTimes(2);
    info.mockRestore();
  });

  it('invalid parameters: the messages, no SDK, no buttons', () => {
    const fake = fakeProvider();
    render(<PaymentFlow params={params({ cliente: [] })} provider={fake.provider} />);
    expect(screen.getByRole('alert').textContent).toBe('Falta el parametro cliente en la URL');
    expect(fake.provider.loadSdk).not.toHaveBeenCalled();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
