import { describe, expect, it } from 'vitest';
import { MISSING_CLIENTE_ERROR, type RawPaymentParams } from '../../src/domain/payment-params';
import {
  PAYMENT_ORDER_ID,
  PAYMENT_RUNS,
  paymentModel,
} from '../../src/machines/model/simple-machines.samples';
import { PAYMENT_FAILED_MESSAGE, paymentMachine } from '../../src/machines/payment.machine';
import { Coverage, expectFullCoverage, report, runModel, type ModelRunResult } from './support/model-harness';

interface Expectation {
  perStoreUsd?: number;
  totalUsd?: number;
  errors?: string[];
}

const expectations: Record<keyof typeof PAYMENT_RUNS, Expectation> = {
  sandbox: { perStoreUsd: 12, totalUsd: 12 },
  live: { perStoreUsd: 33.33, totalUsd: 99.99 },
  noCliente: { errors: [MISSING_CLIENTE_ERROR] },
};

const cases = paymentModel.runs.map((run) => {
  const key = (Object.keys(PAYMENT_RUNS) as (keyof typeof PAYMENT_RUNS)[]).find(
    (k) => PAYMENT_RUNS[k].label === run.label,
  );
  if (!key) throw new Error(`no expectation for the payment run ${run.label}`);
  return { ...run, ...expectations[key], params: (run.input as { params: RawPaymentParams }).params };
});

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
          check: ({ real, calls, effects }) => {
            if (c.errors) {
              expect(real.matches('invalidParams')).toBe(true);
              expect(real.context.errors).toEqual(c.errors);
              expect(calls).toHaveLength(0);
              return;
            }
            expect(real.context.params?.perStoreUsd).toBe(c.perStoreUsd);
            expect(real.context.params?.totalUsd).toBe(c.totalUsd);
            expect(calls[0]?.input).toEqual({
              sandbox: c.params.sandbox !== null,
              locale: c.params.locale ?? 'es_CL',
              currency: 'USD',
            });
            if (real.matches('approving')) {
              expect(calls.at(-1)).toMatchObject({
                src: 'captureOrder',
                input: { orderId: PAYMENT_ORDER_ID },
              });
            }
            // A hostile order id is never captured.
            expect(
              calls
                .filter((x) => x.src === 'captureOrder')
                .every((x) => x.input !== undefined && JSON.stringify(x.input).includes(PAYMENT_ORDER_ID)),
            ).toBe(true);
            if (real.matches('failed')) {
              expect(effects.at(-1)).toEqual({
                action: 'logPaymentError',
                params: { message: PAYMENT_FAILED_MESSAGE },
              });
            }
            expect(real.hasTag('busy')).toBe(real.matches('loadingSdk') || real.matches('approving'));
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
