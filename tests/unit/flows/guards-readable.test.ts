/**
 * Every guard of every flow can be read by the tools (docs, Stately files, explorer, mutation
 * placement): no inline function, no form the workbench's guard reader does not know, and a
 * Spanish note in the flow's `*.flow.ts` for each named guard, inside `and`/`or`/`not` too.
 * The reader and its refusals are proven on fixtures in packages/flow-workbench/test/guard-forms.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { unreadableGuards } from '@tienda/flow-workbench/kit';
import { flowEntryFile } from '../../../scripts/flows-docs';
import { flows } from '../../../src/flows/catalogue';

describe('the guards of every flow', () => {
  it.each(flows.map((f) => [f.slug, f] as const))('%s: every guard can be read and has a note', (_, flow) => {
    expect(
      unreadableGuards(flow.machine, flow.notes.guards),
      `fix each in ${flow.source} (notes in ${flowEntryFile(flow)})`,
    ).toEqual([]);
  });
});
