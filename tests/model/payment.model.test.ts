import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { MISSING_CLIENTE_ERROR, type RawPaymentParams } from '../../src/domain/payment-params';
import { PAYMENT_FAILED_MESSAGE, paymentMachine } from '../../src/machines/payment.machine';
import { Coverage, expectFullCoverage, report, runModel, type ModelRunResult } from './support/model-harness';

interface Case {
  label: string;
  params: RawPaymentParams;
  perStoreUsd?: number;
  totalUsd?: number;
  errors?: string[];
}

const cases: Case[] = [
  {
    label: 'sandbox, one store, default price',
    params: { sandbox: '1', cliente: ['tienda-a'], usd: null, locale: null },
    perStoreUsd: 12,
    totalUsd: 12,
  },
  {
    label: 'live, three stores, usd 100',
    params: { sandbox: null, cliente: ['a', 'b', 'c'], usd: '100', locale: 'es_AR' },
    perStoreUsd: 33.33,
    totalUsd: 99.99,
  },
  {
    label: 'no cliente',
    params: { sandbox: null, cliente: [], usd: null, locale: null },
    errors: [MISSING_CLIENTE_ERROR],
  },
];

const events: EventObject[] = [
  { type: 'xstate.done.actor.loadSdk', output: undefined } as EventObject,
  { type: 'xstate.error.actor.loadSdk', error: new Error('script error') } as EventObject,
  { type: 'payment.approve', orderId: 'ORDER-1' } as EventObject,
  { type: 'payment.approve', orderId: '"><img src=x>' } as EventObject,
  { type: 'payment.error', message: 'card declined' } as EventObject,
  { type: 'xstate.done.actor.captureOrder', output: { status: 'COMPLETED' } } as EventObject,
  { type: 'xstate.done.actor.captureOrder', output: { status: 'PENDING' } } as EventObject,
  { type: 'xstate.error.actor.captureOrder', error: new Error('capture failed') } as EventObject,
  { type: 'payment.retry' },
  { type: 'sdk.retry' },
];

describe('payment machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it.each(cases)('runs every path ($label)', async (c) => {
    results.push(
      await runModel(
        {
          name: 'payment',
          machine: paymentMachine,
          input: { params: c.params },
          events: () => events,
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
              expect(calls.at(-1)).toMatchObject({ src: 'captureOrder', input: { orderId: 'ORDER-1' } });
            }
            // A hostile order id is never captured.
            expect(
              calls
                .filter((x) => x.src === 'captureOrder')
                .every((x) => x.input !== undefined && JSON.stringify(x.input).includes('ORDER-1')),
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
