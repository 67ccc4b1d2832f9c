import { describe, expect, it } from 'vitest';
import { checkModel, followModel } from '@tienda/flow-workbench/kit';
import { leadWizardMachine } from '../../src/flows/registration/lead-wizard.machine';
import { leadWizardSpecModel } from './models/lead-wizard';

/**
 * The lead wizard against its independent model (tests/model/models/lead-wizard.ts, written from
 * the spec): every path of the model, replayed on the real machine, shows the same step, notices
 * and calls in flight, and runs the same effects, after every step.
 */
describe('lead wizard machine: the independent model', () => {
  it('names only what the machine has, and covers every event and tag it has', () => {
    expect(checkModel(leadWizardSpecModel, leadWizardMachine)).toEqual([]);
  });

  it('the real machine follows every path of the model', async () => {
    const report = await followModel(leadWizardSpecModel);
    console.info(
      `[independent model] lead-wizard: ${report.paths} paths, ${report.steps} steps; ${Object.keys(leadWizardSpecModel.states).length} model states`,
    );
    expect(report.unreached).toEqual([]);
    expect(report.divergences).toEqual([]);
  });
});
