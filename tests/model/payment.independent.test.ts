import { describe, expect, it } from 'vitest';
import { checkModel, followModel } from '@tienda/flow-workbench/kit';
import { paymentMachine } from '../../src/flows/payment/payment.machine';
import { paymentSpecModel } from './models/payment';

/**
 * The payment machine against its independent model (tests/model/models/payment.ts, written from
 * the spec): every path of the model, replayed on the real machine, shows
 * the same stage and calls in flight, and runs the same effects, after every step.
 */
describe('payment machine: the independent model', () => {
  it('names only what the machine has, and covers every event and tag it has', () => {
    expect(checkModel(paymentSpecModel, paymentMachine)).toEqual([]);
  });

  it('the real machine follows every path of the model', async () => {
    const report = await followModel(paymentSpecModel);
    console.info(
      `[independent model] payment: ${report.paths} paths, ${report.steps} steps; ${Object.keys(paymentSpecModel.states).length} model states`,
    );
    expect(report.unreached).toEqual([]);
    expect(report.divergences).toEqual([]);
  });
});
