/**
 * The explorer's 'Visitantes reales' when the server's per-address daily cap left counts out
 * (issue 51): it says in Spanish which days of the period were capped and how many events were
 * left out, for the flow shown only, and says nothing of it when no day was capped.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { describeMachine } from '../src/graph/describe';
import { graphSignature } from '../src/kit';
import { VisitsPanel } from '../src/explorer/visits-panel';
import {
  CAPPED_EXPLANATION,
  cappedSentence,
  parseCountsAnswer,
  type CountsAnswer,
} from '../src/explorer/visits/counts';

const wizard = createMachine({
  id: 'wiz',
  initial: 'one',
  states: {
    one: { tags: ['step.1'], on: { next: 'two' } },
    two: { tags: ['step.2'], on: { fail: 'failed' } },
    failed: { tags: ['failure.refused'] },
  },
});
const graph = describeMachine(wizard);
const version = graphSignature(wizard);

const answer = (recortes?: CountsAnswer['recortes']): CountsAnswer => ({
  desde: '2026-11-25',
  hasta: '2026-12-01',
  flujos: [
    {
      flujo: 'wiz',
      version,
      primerDia: '2026-11-25',
      ultimoDia: '2026-12-01',
      estados: { wiz: 40, 'wiz.one': 40, 'wiz.two': 30, 'wiz.failed': 1000 },
      transiciones: {},
    },
  ],
  ...(recortes ? { recortes } : {}),
});

function panel(counts: CountsAnswer): string {
  return renderToStaticMarkup(
    <VisitsPanel
      graph={graph}
      version={version}
      counts={{ status: 'ok', answer: counts, range: { desde: counts.desde, hasta: counts.hasta } }}
      period={{ kind: 'days', days: 7 }}
      onPeriod={() => {}}
      shown={false}
      onShown={() => {}}
      changesChart={false}
    />,
  );
}

describe('capped days in the real visitors panel', () => {
  it('names the one capped day and how many events were left out', () => {
    const counts = answer([{ dia: '2026-12-01', flujo: 'wiz', descartados: 59000 }]);
    const sentence =
      'Conteos con tope el 1 de diciembre de 2026: quedaron fuera 59.000 eventos de este flujo, que pasaban lo que una misma dirección puede sumar en un día.';
    expect(cappedSentence(counts, 'wiz')).toBe(sentence);
    const html = panel(counts);
    expect(html).toContain(sentence);
    expect(html).toContain(CAPPED_EXPLANATION);
  });

  it('names every capped day of the flow, in order, and none of another flow', () => {
    const counts = answer([
      { dia: '2026-11-30', flujo: 'wiz', descartados: 1200 },
      { dia: '2026-11-27', flujo: 'wiz', descartados: 3 },
      { dia: '2026-11-28', flujo: 'otro', descartados: 800 },
    ]);
    expect(cappedSentence(counts, 'wiz')).toBe(
      'Conteos con tope en 2 días de este período: el 27 de noviembre de 2026 quedaron fuera < 5 eventos y el 30 de noviembre de 2026, 1.200; pasaban lo que una misma dirección puede sumar en un día.',
    );
    expect(panel(counts)).not.toContain('28 de noviembre');
  });

  it('says nothing of a cap when no day was capped, or the server does not send them', () => {
    for (const counts of [
      answer([]),
      answer(),
      answer([{ dia: '2026-11-28', flujo: 'otro', descartados: 9 }]),
    ]) {
      expect(cappedSentence(counts, 'wiz')).toBeUndefined();
      expect(panel(counts)).not.toContain('Conteos con tope');
    }
  });

  it('reads the capped days of the answer, and refuses them when they are not the contract', () => {
    const body = { ...answer(), recortes: [{ dia: '2026-12-01', flujo: 'wiz', descartados: 5 }] };
    expect(parseCountsAnswer(body)?.recortes).toEqual(body.recortes);
    expect(
      parseCountsAnswer({ ...body, recortes: [{ dia: 'ayer', flujo: 'wiz', descartados: 5 }] }),
    ).toBeUndefined();
    expect(
      parseCountsAnswer({ ...body, recortes: [{ dia: '2026-12-01', flujo: 'wiz', descartados: 'x' }] }),
    ).toBeUndefined();
    expect(parseCountsAnswer({ ...body, recortes: 'muchos' })).toBeUndefined();
  });
});
