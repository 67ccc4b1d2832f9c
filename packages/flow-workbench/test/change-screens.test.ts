/**
 * What the chart of changes needs to put a changed state's screenshots side by side: the base's
 * version read from its snapshot (the same signature the QA run files screenshots under), each
 * state's id in both versions, and the artifacts' index of the earlier versions' screenshots, read
 * leniently (bad data is no screenshot, never an exception).
 */
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { snapshotFlow, snapshotVersion } from '../src/diff/snapshot';
import { parseIndex, screensOfVersion, type Artifacts } from '../src/explorer/artifacts';
import { changesSince } from '../src/explorer/changes/between';
import { graphSignature, type MachineResults } from '../src/kit';
import { checkoutMachine, greetingMachine, signupMachine, wizardMachine } from './fixtures/machines';

describe("a snapshot's version", () => {
  it("is its machine's graphSignature, with delays, invoked actors and eventless transitions", () => {
    for (const machine of [checkoutMachine, greetingMachine, signupMachine, wizardMachine]) {
      const snapshot = JSON.parse(
        JSON.stringify(snapshotFlow({ slug: 'x', title: 'X', machine })),
      ) as ReturnType<typeof snapshotFlow>;
      expect(snapshotVersion(snapshot), machine.id).toBe(graphSignature(machine));
    }
  });
});

/** A two-step form; `later` describes its first step otherwise and adds a check before sending. */
function form(later: boolean) {
  return setup({}).createMachine({
    id: 'form',
    initial: 'editing',
    states: {
      editing: {
        description: later ? 'El visitante escribe y revisa sus datos.' : 'El visitante escribe sus datos.',
        on: { submit: later ? 'checking' : 'sent' },
      },
      ...(later ? { checking: { description: 'Se revisan los datos.', always: 'sent' } } : {}),
      sent: { type: 'final', description: 'Los datos se enviaron.' },
    },
  });
}

describe('the chart of changes', () => {
  const older = form(false);
  const newer = form(true);
  const changes = changesSince(
    { slug: 'form', title: 'Formulario', machine: newer },
    snapshotFlow({ slug: 'form', title: 'Formulario', machine: older }),
  );

  it("names the base's version, whose screenshots are 'Antes'", () => {
    expect(changes?.baseVersion).toBe(graphSignature(older));
    expect(changes?.baseVersion).not.toBe(graphSignature(newer));
  });

  it('gives each changed or added state its id in both versions, and a transition none', () => {
    expect(changes?.details['form.editing']).toMatchObject({
      change: 'changed',
      stateIds: { was: 'form.editing', now: 'form.editing' },
    });
    expect(changes?.details['form.checking']).toMatchObject({
      change: 'added',
      stateIds: { was: null, now: 'form.checking' },
    });
    expect(changes?.details['form.editing submit#0']?.stateIds).toBeUndefined();
  });
});

describe("the artifacts' index", () => {
  it('lists the earlier versions of each machine with the screenshots of each state', () => {
    const index = parseIndex({
      coverage: true,
      results: true,
      screens: { form: { 'form.editing': [1280, 360] } },
      versions: { form: { '0badc0de': { 'form.editing': [360], 'form.sent': [1280] } } },
    });
    expect(index.screens).toEqual({ form: { 'form.editing': [360, 1280] } });
    expect(index.versions).toEqual({ form: { '0badc0de': { 'form.editing': [360], 'form.sent': [1280] } } });
  });

  it('keeps nothing it cannot read: no version, no folder name, no width of ours', () => {
    for (const raw of [undefined, null, 7, 'x', [], { versions: [] }, { versions: { form: 'x' } }])
      expect(parseIndex(raw).versions, JSON.stringify(raw)).toEqual({});
    const index = parseIndex({
      versions: {
        form: {
          '../../x': { 'form.editing': [360] },
          '0BADC0DE': { 'form.editing': [360] },
          '1234abcd': { 'form.editing': [720, '360', null], 'form.sent': 'x' },
          '0badc0de': { 'form.editing': [360, 720] },
        },
        other: { '0badc0de': null },
      },
      screens: { form: { 'form.editing': 'x', 'form.sent': [99] } },
    });
    expect(index.versions).toEqual({ form: { '0badc0de': { 'form.editing': [360] } } });
    expect(index.screens).toEqual({ form: {} });
  });
});

describe("a version's screenshots", () => {
  const results = (graph: string) => new Map([['form', { graph } as MachineResults]]);
  const artifacts = (graph: string): Artifacts => ({
    ...parseIndex({
      screens: { form: { 'form.checking': [360] } },
      versions: { form: { '0badc0de': { 'form.editing': [360, 1280] } } },
    }),
    coverage: new Map(),
    results: results(graph),
  });

  it("are the last run's when it was of that version", () => {
    const found = screensOfVersion(artifacts('1a2b3c4d'), 'form', '1a2b3c4d');
    expect(found.where).toBe('run');
    if (found.where === 'none') return;
    expect(found.states).toEqual({ 'form.checking': [360] });
    expect(found.url('form.checking', 360)).toBe('artefactos/screens/form/form.checking-360.png');
  });

  it('are those kept of an earlier version, and none for a version nobody photographed', () => {
    const found = screensOfVersion(artifacts('1a2b3c4d'), 'form', '0badc0de');
    expect(found.where).toBe('kept');
    if (found.where === 'none') return;
    expect(found.url('form.editing', 1280)).toBe(
      'artefactos/versions/form/0badc0de/screens/form.editing-1280.png',
    );
    // The last run is of another version than the one asked for: its screenshots are not this one's.
    expect(screensOfVersion(artifacts('99999999'), 'form', '1a2b3c4d').where).toBe('none');
    expect(screensOfVersion(undefined, 'form', '1a2b3c4d').where).toBe('none');
    expect(screensOfVersion(artifacts('1a2b3c4d'), 'other', '1a2b3c4d').where).toBe('none');
  });
});
