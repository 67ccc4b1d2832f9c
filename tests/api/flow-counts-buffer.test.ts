import { describe, expect, it } from 'vitest';
import { FlowCountsBuffer } from '../../server/flow-counts';
import type { FlowBeacon } from '../../server/storage/types';

/**
 * The beacons waiting for their write: a database that cannot take a write loses none of them
 * (they go first in the next write), and a failed write never stops the later ones.
 */
const beacon = (batch: string): FlowBeacon => ({
  batch,
  day: '2026-12-01',
  client: 'cliente',
  rows: [
    { flow: 'leadWizard', version: '3550f7b8', kind: 'state', item: 'leadWizard.steps.contact', count: 1 },
  ],
});

function storage(failures: number) {
  const written: string[][] = [];
  let left = failures;
  return {
    written,
    recordFlowCounts: async (beacons: readonly FlowBeacon[]) => {
      if (left-- > 0) throw new Error('base de datos ocupada');
      written.push(beacons.map((b) => b.batch));
      return { counted: beacons.length };
    },
  };
}

describe('FlowCountsBuffer', () => {
  it('keeps the beacons of a failed write, first in line, and writes them with the next ones', async () => {
    const store = storage(1);
    const errors: unknown[] = [];
    const buffer = new FlowCountsBuffer(store, 60_000, (e) => errors.push(e));
    await buffer.add(beacon('a'));
    await buffer.add(beacon('b'));
    await expect(buffer.flush()).rejects.toThrow('base de datos ocupada');
    expect(errors).toHaveLength(1);
    await buffer.add(beacon('c'));
    await buffer.add(beacon('a'));
    await buffer.flush();
    expect(store.written).toEqual([['a', 'b', 'c']]);
  });

  it('with no wait, answers each beacon once it is written, and a failed write stops no later one', async () => {
    const store = storage(1);
    const buffer = new FlowCountsBuffer(store, 0);
    await expect(buffer.add(beacon('a'))).rejects.toThrow('base de datos ocupada');
    await buffer.add(beacon('b'));
    expect(store.written).toEqual([['a', 'b']]);
  });

  it('counts a batch seen twice while waiting once', async () => {
    const store = storage(0);
    const buffer = new FlowCountsBuffer(store, 60_000);
    await buffer.add(beacon('a'));
    await buffer.add(beacon('a'));
    await buffer.flush();
    expect(store.written).toEqual([['a']]);
  });
});
