import { describe, expect, it } from 'vitest';
import { checkDataNotes } from '@tienda/flow-workbench/generators';
import { modelOf } from '@tienda/flow-workbench';
import { modelData } from '@tienda/flow-workbench/kit';
import { flowEntryFile } from '../../../scripts/flows-docs';
import catalogue from '../../../workbench/catalogue';
import { flows } from '../../../src/flows/catalogue';

/**
 * Every datum a product owner reads in the flow explorer (/flujos/) and in docs/flows/ has its
 * meaning in the flow's notes: each field of an event's data, as the model's samples bring it in
 * the states they reach, and each field of the machine's context.
 */
describe('flow catalogue: the meaning of every datum', () => {
  for (const flow of flows) {
    it(`${flow.slug}: every field of its events and of its context has a meaning`, () => {
      const model = catalogue.models.find((m) => m.machine.id === flow.machine.id);
      expect(model, 'the flow has a model').toBeDefined();
      if (!model) return;
      const data = modelData(model);
      expect(data.contexts.length).toBeGreaterThan(0);
      expect(() => checkDataNotes(flow, data, flowEntryFile(flow))).not.toThrow();
    });
  }

  it('names the line to add, in the file that holds the notes', () => {
    const wizard = flows.find((f) => f.slug === 'lead-wizard');
    const model = wizard && modelOf(catalogue, wizard.machine);
    if (!wizard || !model) throw new Error('lead-wizard');
    const { 'contact.change': _dropped, ...fields } = wizard.notes.fields ?? {};
    const { rubro: _rubro, ...context } = wizard.notes.context ?? {};
    expect(() =>
      checkDataNotes(
        { ...wizard, notes: { ...wizard.notes, fields, context } },
        modelData(model),
        flowEntryFile(wizard),
      ),
    ).toThrow(
      "lead-wizard: in src/flows/registration/registration.flow.ts, add notes.fields['contact.change'].field (field field of contact.change has no meaning); add notes.fields['contact.change'].value (field value of contact.change has no meaning); add notes.context.rubro (context field rubro has no meaning)",
    );
  });
});
