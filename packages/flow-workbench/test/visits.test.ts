/**
 * Real visitors' counts in the explorer: Spanish numbers with grouping, small counts hidden (and
 * the shares made of them), a flow's steps from its tags, the funnel in words, the share of each
 * way at a choice, what was never taken, completion, the versions compared, the period in the
 * link, and a clear sentence for every way the answer can fail.
 */
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { describeMachine } from '../src/graph/describe';
import { graphSignature } from '../src/kit';
import { formatLink, readLink } from '../src/explorer/link/link';
import {
  COUNTS_MESSAGES,
  MAX_WIDTH,
  MIN_WIDTH,
  NEVER_TAKEN,
  changeSentences,
  chartMarks,
  completionOf,
  completionText,
  entriesOf,
  failureItems,
  flowSteps,
  formatCount,
  formatShare,
  funnelSentences,
  loadCounts,
  mergeEntries,
  parseCountsAnswer,
  periodRange,
  readPeriod,
  trafficOf,
  versionMarks,
  versionRows,
  type FlowCountsEntry,
} from '../src/explorer/visits/counts';

const wizard = createMachine({
  id: 'wiz',
  initial: 'one',
  states: {
    one: {
      tags: ['step.1'],
      initial: 'editing',
      states: {
        editing: { on: { submit: [{ guard: 'ok', target: '#wiz.two' }, { target: 'refused' }] } },
        refused: { tags: ['failure.refused'], on: { edit: 'editing' } },
      },
    },
    two: { tags: ['step.2'], on: { next: 'three', back: 'one' } },
    three: { tags: ['step.3'], always: [{ guard: 'promo', target: 'done' }, { target: 'done' }] },
    done: { type: 'final' },
  },
});
const graph = describeMachine(wizard);

const counts = (estados: Record<string, number>, transiciones: Record<string, number> = {}) => ({
  estados,
  transiciones,
});

const entry = (
  version: string,
  primerDia: string,
  e: Record<string, number>,
  t: Record<string, number> = {},
) =>
  ({
    flujo: 'wiz',
    version,
    primerDia,
    ultimoDia: '2026-11-30',
    estados: e,
    transiciones: t,
  }) satisfies FlowCountsEntry;

describe('numbers', () => {
  it('groups thousands always, the Spanish way', () => {
    expect(formatCount(1240)).toBe('1.240');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(812)).toBe('812');
    expect(formatCount(5)).toBe('5');
    expect(formatCount(0)).toBe('0');
  });

  it('shows 1 to 4 as < 5', () => {
    for (const n of [1, 2, 3, 4]) expect(formatCount(n)).toBe('< 5');
  });

  it('writes shares as in the issue, and never one made of a small count', () => {
    expect(formatShare(812, 1240)).toBe('65 %');
    expect(formatShare(0, 1240)).toBe('0 %');
    expect(formatShare(3, 1240)).toBe('< 1 %');
    expect(formatShare(3, 20)).toBe('< 25 %');
    expect(formatShare(2, 4)).toBeUndefined();
    expect(formatShare(0, 0)).toBeUndefined();
  });
});

describe('steps, funnel and completion', () => {
  it('finds the steps from step.N tags in their order, the outermost state of each', () => {
    expect(flowSteps(graph).map((s) => [s.number, s.tag, s.states])).toEqual([
      [1, 'step.1', ['wiz.one']],
      [2, 'step.2', ['wiz.two']],
      [3, 'step.3', ['wiz.three']],
    ]);
  });

  it('orders named steps as the machine declares them', () => {
    const named = describeMachine(
      createMachine({
        id: 'n',
        initial: 'a',
        states: { a: { tags: ['step.contact'] }, b: { tags: ['step.thanks'] }, c: {} },
      }),
    );
    expect(flowSteps(named).map((s) => s.tag)).toEqual(['step.contact', 'step.thanks']);
  });

  it('says the funnel in words, relative to step 1', () => {
    const steps = flowSteps(graph);
    expect(funnelSentences(steps, counts({ 'wiz.one': 1240, 'wiz.two': 812, 'wiz.three': 3 }))).toEqual([
      'De 1.240 visitantes que empezaron el paso 1, 812 llegaron al paso 2 (65 %).',
      'De 1.240 visitantes que empezaron el paso 1, < 5 llegaron al paso 3 (< 1 %).',
    ]);
    expect(funnelSentences(steps, counts({}))).toEqual([
      'Ningún visitante empezó el paso 1 en este período.',
    ]);
    expect(funnelSentences(steps, counts({ 'wiz.one': 3, 'wiz.two': 2 }))[0]).toBe(
      'De < 5 visitantes que empezaron el paso 1, < 5 llegaron al paso 2.',
    );
  });

  it('completes at the last step, else at the final states, else says visits only', () => {
    const c = counts({ wiz: 1240, 'wiz.three': 400 });
    expect(completionText(completionOf(graph, flowSteps(graph), c))).toBe(
      '1.240 visitas · el 32 % completó el flujo',
    );
    const finals = describeMachine(
      createMachine({ id: 'f', initial: 'a', states: { a: { on: { go: 'end' } }, end: { type: 'final' } } }),
    );
    expect(completionText(completionOf(finals, [], counts({ f: 50, 'f.end': 10 })))).toBe(
      '50 visitas · el 20 % completó el flujo',
    );
    const neither = describeMachine(createMachine({ id: 'x', initial: 'a', states: { a: {} } }));
    expect(completionText(completionOf(neither, [], counts({ x: 7 })))).toBe('7 visitas');
    expect(completionText(completionOf(neither, [], counts({ x: 1 })))).toBe('< 5 visitas');
  });

  it('counts failures where they happen', () => {
    expect(failureItems(graph, counts({ 'wiz.one.refused': 31 }))).toEqual([
      { kind: 'state', id: 'wiz.one.refused', count: 31 },
    ]);
  });
});

describe('the chart', () => {
  const c = counts(
    { wiz: 100, 'wiz.one': 100, 'wiz.two': 60 },
    { 'wiz.one.editing submit#0': 60, 'wiz.one.editing submit#1': 40, 'wiz.two next#0': 3 },
  );
  const traffic = trafficOf(graph, c);

  it('gives each way of a choice its share, and none to a transition alone', () => {
    expect(traffic.transitions.get('wiz.one.editing submit#0')?.share).toBe('60 %');
    expect(traffic.transitions.get('wiz.one.editing submit#1')?.share).toBe('40 %');
    expect(traffic.transitions.get('wiz.two next#0')?.share).toBeUndefined();
    // The eventless ways out of a state are one choice.
    expect(traffic.transitions.get('wiz.three always#0')?.share).toBeUndefined();
    expect(
      trafficOf(graph, counts({}, { 'wiz.three always#0': 10, 'wiz.three always#1': 30 })).transitions.get(
        'wiz.three always#1',
      )?.share,
    ).toBe('75 %');
  });

  it('marks what was never taken, and makes widths proportional to traffic', () => {
    expect(traffic.transitions.get('wiz.two back#0')).toMatchObject({
      count: 0,
      never: true,
      width: MIN_WIDTH,
    });
    expect(traffic.transitions.get('wiz.one.editing submit#0')).toMatchObject({
      never: false,
      width: MAX_WIDTH,
    });
    const forty = traffic.transitions.get('wiz.one.editing submit#1')?.width ?? 0;
    expect(forty).toBeCloseTo(MIN_WIDTH + (MAX_WIDTH - MIN_WIDTH) * (40 / 60));
  });

  it('writes the numbers on the chart, small ones hidden', () => {
    const marks = chartMarks(graph, traffic);
    expect(marks.states.get('wiz')).toBe('100 visitas');
    expect(marks.states.get('wiz.two')).toBe('60 entradas');
    expect(marks.transitions.get('wiz.one.editing submit#0')?.text).toBe('60 · 60 %');
    expect(marks.transitions.get('wiz.two next#0')?.text).toBe('< 5');
    expect(marks.transitions.get('wiz.two back#0')?.text).toBe(NEVER_TAKEN);
  });
});

describe('versions', () => {
  const version = graphSignature(wizard);
  const today = entry(version, '2026-11-27', { wiz: 200, 'wiz.one': 200, 'wiz.two': 100, 'wiz.three': 71 });
  const before = entry('00000000', '2026-11-24', {
    wiz: 300,
    'wiz.one': 300,
    'wiz.two': 100,
    'wiz.three': 58,
  });
  const answer = { desde: '2026-11-24', hasta: '2026-11-30', flujos: [before, today] };

  it("tells today's version from the older ones", () => {
    const { current, older } = entriesOf(answer, 'wiz', version);
    expect(current).toBe(today);
    expect(older).toEqual([before]);
  });

  it('says each step change since the change, in the issue words', () => {
    const steps = flowSteps(graph);
    expect(changeSentences(graph, steps, today, [before])).toEqual([
      'desde este cambio, el paso 1 → 2 pasó de 33 % a 50 %',
      'desde este cambio, el paso 2 → 3 pasó de 58 % a 71 %',
    ]);
    expect(versionRows(graph, steps, today, [before]).map((r) => [r.current, r.stepShares])).toEqual([
      [true, ['50 %', '71 %']],
      [false, ['33 %', '58 %']],
    ]);
  });

  it('puts both versions side by side on the chart of changes', () => {
    const marks = versionMarks(graph, today, before);
    expect(marks.states.get('wiz.three')).toBe('antes 58 · ahora 71');
  });

  it('adds every version together for the index', () => {
    expect(mergeEntries([today, before]).estados.wiz).toBe(500);
  });
});

describe('the answer', () => {
  const range = { desde: '2026-11-24', hasta: '2026-11-30' };
  const answering = (status: number, body: unknown) => async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

  it('asks for the period and reads the contract', async () => {
    let asked = '';
    const body = { ...range, flujos: [entry('1a2b3c4d', '2026-11-24', { wiz: 9 })] };
    const result = await loadCounts('/api/flow-counts', range, {
      fetch: async (url) => {
        asked = String(url);
        return new Response(JSON.stringify(body));
      },
    });
    expect(asked).toBe('/api/flow-counts?desde=2026-11-24&hasta=2026-11-30');
    expect(result).toEqual({ status: 'ok', answer: body });
  });

  it('says in Spanish why there are no counts, never the raw answer', async () => {
    const load = (f: () => Promise<Response>) => loadCounts('/c', range, { fetch: f });
    expect(await load(answering(401, { error: 'x' }))).toEqual({
      status: 'error',
      message: COUNTS_MESSAGES.login,
    });
    expect(await load(answering(503, { message: 'Los conteos están apagados.' }))).toEqual({
      status: 'error',
      message: COUNTS_MESSAGES.offSaying('Los conteos están apagados.'),
    });
    expect(await load(answering(503, 'no json'))).toEqual({ status: 'error', message: COUNTS_MESSAGES.off });
    expect(await load(answering(500, {}))).toEqual({ status: 'error', message: COUNTS_MESSAGES.failed(500) });
    expect(await load(answering(404, {}))).toEqual({ status: 'error', message: COUNTS_MESSAGES.missing });
    expect(await load(answering(200, '<html>'))).toEqual({
      status: 'error',
      message: COUNTS_MESSAGES.unreadable,
    });
    expect(await load(answering(200, { flujos: 3 }))).toEqual({
      status: 'error',
      message: COUNTS_MESSAGES.unreadable,
    });
    expect(
      await load(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toEqual({ status: 'error', message: COUNTS_MESSAGES.network });
  });

  it('refuses counts that are not numbers', () => {
    expect(
      parseCountsAnswer({
        ...range,
        flujos: [{ flujo: 'a', version: 'b', estados: { s: 'x' }, transiciones: {} }],
      }),
    ).toBeUndefined();
  });
});

describe('the period', () => {
  it('ends today (UTC) and includes it', () => {
    expect(periodRange({ kind: 'days', days: 7 }, new Date('2026-11-30T23:30:00Z'))).toEqual({
      desde: '2026-11-24',
      hasta: '2026-11-30',
    });
  });

  it('is kept in the link, the last 7 days left out', () => {
    expect(readPeriod('30')).toEqual({ kind: 'days', days: 30 });
    expect(readPeriod('2026-11-01~2026-11-30')).toEqual({
      kind: 'dates',
      desde: '2026-11-01',
      hasta: '2026-11-30',
    });
    expect(readPeriod('2026-11-30~2026-11-01')).toBeUndefined();
    expect(readPeriod('12')).toBeUndefined();
    expect(formatLink('w', 'wiz', { visits: { kind: 'days', days: 7 } })).toBe('#/w');
    const hash = formatLink('w', 'wiz', {
      visits: { kind: 'dates', desde: '2026-11-01', hasta: '2026-11-30' },
    });
    expect(hash).toBe('#/w?visitas=2026-11-01~2026-11-30');
    expect(readLink(hash, 'wiz').visits).toEqual({ kind: 'dates', desde: '2026-11-01', hasta: '2026-11-30' });
    expect(readLink('#/w?visitas=ayer', 'wiz').problems).toHaveLength(1);
  });
});
