import { describe, expect, it } from 'vitest';
import { registrationFlow } from '../../src/flows/registration/registration.flow';
import { paymentFlow } from '../../src/flows/payment/payment.flow';
import { leadWizardModel } from '../../src/flows/registration/lead-wizard.samples';
import { paymentModel } from '../../src/flows/payment/payment.samples';
import { leadWizardSpecModel } from './models/lead-wizard';
import { paymentSpecModel } from './models/payment';
import { randomWalks } from './support/random-walk';

/**
 * Random walks through the independent models with the real machine beside them: events the state
 * takes and events out of order, the spec's rules after every one. The seed is fixed so a run is
 * repeatable; WALK_SEED=<n> tries others.
 */
const SEED = Number(process.env.WALK_SEED ?? 41);

describe('random walks: the real machine beside the independent model', () => {
  it('lead wizard: random events, in and out of order, change nothing the model does not say', async () => {
    const started = performance.now();
    const report = await randomWalks(leadWizardSpecModel, {
      seed: SEED,
      numRuns: 1000,
      maxEvents: 30,
      slug: registrationFlow.slug,
      runs: leadWizardModel.runs.map((r) => r.input),
    });
    console.info(
      `[random walk] lead-wizard: ${report.runs} walks, seed ${SEED}, ${Math.round(performance.now() - started)} ms`,
    );
    expect(report.failure?.report).toBeUndefined();
  });

  it('payment: random events, in and out of order, change nothing the model does not say', async () => {
    const started = performance.now();
    const report = await randomWalks(paymentSpecModel, {
      seed: SEED,
      numRuns: 500,
      maxEvents: 25,
      slug: paymentFlow.slug,
      runs: paymentModel.runs.map((r) => r.input),
    });
    console.info(
      `[random walk] payment: ${report.runs} walks, seed ${SEED}, ${Math.round(performance.now() - started)} ms`,
    );
    expect(report.failure?.report).toBeUndefined();
  });
});
