import { describe, it } from 'vitest';
import { MISSING_CLIENTE_ERROR, type RawPaymentParams } from '../../domain/payment-params';
import { PAYMENT_ORDER_ID, PAYMENT_RUNS, paymentModel } from './payment.samples';
import { paymentMachine } from './payment.machine';
import { PAYMENT_FAILED_MESSAGE, SDK_FAILED_MESSAGE } from '../../domain/payment-messages';
import {
  Coverage,
  expectFullCoverage,
  ok,
  report,
  runModel,
  same,
  type ModelRunResult,
  type ModelSnapshot,
} from '../../../tests/model/support/model-harness';

interface Expectation {
  /** What each store pays, in cents, written out by hand; absent when the parameters are invalid. */
  lines?: [string, number][];
  totalCents?: number;
  errors?: string[];
}

const expectations: Record<keyof typeof PAYMENT_RUNS, Expectation> = {
  sandbox: { lines: [['tienda-a', 1200]], totalCents: 1200 },
  live: {
    lines: [
      ['a', 3334],
      ['b', 3333],
      ['c', 3333],
    ],
    totalCents: 10000,
  },
  noCliente: { errors: [MISSING_CLIENTE_ERROR] },
};

const cases = paymentModel.runs.map((run) => {
  const key = (Object.keys(PAYMENT_RUNS) as (keyof typeof PAYMENT_RUNS)[]).find(
    (k) => PAYMENT_RUNS[k].label === run.label,
  );
  if (!key) throw new Error(`no expectation for the payment run ${run.label}`);
  return { ...run, ...expectations[key], params: (run.input as { params: RawPaymentParams }).params };
});

const inCheckout = (s: ModelSnapshot) => s.matches('checkout');

describe('payment machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it.each(cases)('runs every path ($label)', async (c) => {
    results.push(
      await runModel(
        {
          ...c,
          name: 'payment',
          machine: paymentMachine,
          check: ({ real, before, event, calls, effects }) => {
            const ctx = real.context as {
              errors: string[];
              quote: { lines: { cliente: string; cents: number }[]; totalCents: number } | null;
              captureId: string | null;
            };
            if (c.errors) {
              ok(real.matches('invalidParams'), 'invalid parameters must stop the flow');
              same(ctx.errors, c.errors, 'the errors shown');
              same(calls.length, 0, 'no SDK, button or capture with invalid parameters');
              return;
            }
            same(
              ctx.quote?.lines.map((l) => [l.cliente, l.cents]),
              c.lines,
              'what each store pays',
            );
            same(ctx.quote?.totalCents, c.totalCents, 'the total');
            same(
              calls[0]?.input,
              {
                sandbox: c.params.sandbox.length > 0,
                locale: c.params.locale[0] ?? 'es_CL',
                currency: 'USD',
              },
              'the SDK is loaded for the right account and locale',
            );

            // The buttons exist exactly while the machine is in checkout, one set at a time.
            const liveButtons = calls.filter((x) => x.src === 'paymentButtons' && !x.stopped);
            same(liveButtons.length, inCheckout(real) ? 1 : 0, 'live button sets');
            if (inCheckout(real))
              same(liveButtons[0]?.input, { quote: ctx.quote }, 'the buttons get the order');

            // The buttons create an order only when the machine can take payment.start: on the buttons.
            same(
              real.can({ type: 'payment.start' }),
              real.matches({ checkout: 'ready' }),
              'a click may start a payment',
            );

            // Never two captures at once, never a hostile order id.
            const captures = calls.filter((x) => x.src === 'captureOrder');
            ok(captures.filter((x) => !x.settled).length <= 1, 'two captures at once');
            for (const capture of captures)
              same(capture.input, { orderId: PAYMENT_ORDER_ID }, 'captured order');
            if (real.matches({ checkout: 'capturing' })) {
              ok(captures.at(-1)?.settled === false, 'capturing without a pending capture');
            }

            // While capturing, nothing the buttons send changes the state.
            if (before?.matches({ checkout: 'capturing' }) && !event.type.startsWith('xstate.')) {
              same(real.value, before.value, `${event.type} while capturing`);
            }

            if (real.matches('failed') && !before?.matches('failed')) {
              same(
                effects.at(-1),
                { action: 'logPaymentError', params: { message: PAYMENT_FAILED_MESSAGE } },
                'log',
              );
            }
            if (real.matches('sdkFailed') && !before?.matches('sdkFailed')) {
              same(
                effects.at(-1),
                { action: 'logPaymentError', params: { message: SDK_FAILED_MESSAGE } },
                'log',
              );
            }
            if (real.matches('paid')) same(ctx.captureId, 'CAP-1', 'the capture id shown in the thanks');
            if (real.matches('pendingReview')) same(ctx.captureId, 'CAP-2', 'the capture id of the review');
            same(
              real.hasTag('busy'),
              real.matches('loadingSdk') ||
                real.matches({ checkout: 'rendering' }) ||
                real.matches({ checkout: 'capturing' }),
              'busy tag',
            );
          },
        },
        coverage,
      ),
    );
  });

  it('reaches every state and transition', () => {
    report('payment', results, paymentMachine);
    expectFullCoverage(paymentMachine, coverage);
  });
});
