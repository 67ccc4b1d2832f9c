/**
 * Every XState v5 guard form, read once (src/kit/guard-tree.ts) and rendered alike by each tool:
 * the docs page and its Mermaid diagram, the Stately import file (read back with the rule
 * Stately's extractor applies to a `guard`), the explorer's labels and notes, and the placement of
 * a surviving mutant; what the reader cannot read is refused, naming the machine and transition.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { and, createActor, createMachine, setup, stateIn, type AnyStateMachine } from 'xstate';
import { checkNotes, renderFlowPage } from '../src/docs/pages';
import { renderStatelyFile, UnreadableGuardError } from '../src/docs/stately';
import { survivorPlace } from '../src/explorer/mutation';
import { guardMeaning } from '../src/explorer/verdict-text';
import { eventVerdict } from '../src/kit/verdict';
import { conditionText, describeMachine, triggerText, type GraphTransition } from '../src/graph/describe';
import { edgeLabelLines } from '../src/graph/layout-input';
import { guardCode, readGuard, transitionGuards, unreadableGuards } from '../src/kit/guard-tree';
import type { Survivor } from '../src/kit/mutation';
import { doorFlow, flows } from './fixtures/catalogue';
import {
  GATE_GUARD_NOTES,
  gateFlow,
  gateMachine,
  inlineGateFlow,
  inlineGateMachine,
  unnotedGateMachine,
} from './fixtures/guards';

const AND = 'and(hasTicket, not(isBanned), stateIn(door.open))';
const OR = 'or(isMember, isOldEnough({ min: 18 }))';

describe('the guard reader', () => {
  it('reads and, or, not, params, stateIn and names into one tree per transition', () => {
    const byKey = Object.fromEntries(transitionGuards(gateMachine).map((g) => [g.key, g.tree]));
    expect(byKey['gate.visitor.outside enter#0']).toEqual({
      kind: 'and',
      guards: [
        { kind: 'named', name: 'hasTicket' },
        { kind: 'not', guard: { kind: 'named', name: 'isBanned' } },
        { kind: 'stateIn', state: 'door.open' },
      ],
    });
    expect(byKey['gate.visitor.outside vip#0']).toEqual({
      kind: 'or',
      guards: [
        { kind: 'named', name: 'isMember' },
        { kind: 'named', name: 'isOldEnough', params: { literal: { min: 18 } } },
      ],
    });
    expect(byKey['gate.visitor.outside peek#0']).toEqual({ kind: 'named', name: 'isDoorOpen' });
    // The unguarded "otherwise" has no tree.
    expect(Object.keys(byKey)).not.toContain('gate.visitor.outside enter#1');
  });

  it('reads params computed from the event as computed, and a state id as written', () => {
    expect(readGuard({ type: 'isValid', params: () => ({ a: 1 }) })).toEqual({
      kind: 'named',
      name: 'isValid',
      params: 'computed',
    });
    expect(guardCode(readGuard({ type: 'isValid', params: () => ({ a: 1 }) }))).toBe('isValid');
    const stateInId = transitionGuards(
      createMachine({
        id: 'm',
        initial: 'a',
        states: { a: { on: { go: { guard: stateIn('#m.b'), target: 'b' } } }, b: {} },
      }),
    )[0]?.tree;
    expect(stateInId).toEqual({ kind: 'stateIn', state: '#m.b' });
  });

  it('reads the built-in guards of another copy of xstate by their names', () => {
    // As a second build of xstate makes them: same shape and name, another `check`.
    const foreign = Object.assign(function and() {}, { check: () => true, guards: ['isA', 'isB'] });
    expect(readGuard(foreign)).toEqual({
      kind: 'and',
      guards: [
        { kind: 'named', name: 'isA' },
        { kind: 'named', name: 'isB' },
      ],
    });
  });

  it('knows nothing of a guard function with its own check, and says so', () => {
    const custom = Object.assign(() => true, { check: () => true });
    expect(readGuard(custom)).toMatchObject({ kind: 'unknown' });
    expect(readGuard(42)).toEqual({ kind: 'unknown', what: 'a guard written as number' });
  });
});

describe('the docs of a machine with every guard form', () => {
  const page = renderFlowPage(gateFlow);

  it('writes each guard as the code does, in the table and in the Mermaid labels', () => {
    expect(page).toContain(`| \`enter [${AND}]\` |`);
    expect(page).toContain(`| \`vip [${OR}]\` |`);
    expect(page).toContain(`gate_visitor_outside --> gate_visitor_inside : enter [${AND}]`);
    expect(page).not.toMatch(/\[(and|or|not)\]/);
  });

  it('says where each guard inside and/or/not is used, and what each composed guard means', () => {
    expect(page).toContain('| El visitante tiene entrada. | `hasTicket` | `visitor.outside` |');
    expect(page).toContain('| La edad del visitante llega al mínimo. | `isOldEnough` | `visitor.outside` |');
    expect(page).toContain(
      `| Si el visitante tiene entrada, no se cumple que el visitante tiene prohibida la entrada y el estado «door.open» está activo. | \`${AND}\` | \`visitor.outside\` |`,
    );
    expect(page).toContain(
      `| Si el visitante es socio o la edad del visitante llega al mínimo (min: 18). | \`${OR}\` | \`visitor.outside\` |`,
    );
  });
});

/**
 * The guards of a Stately import file as Stately's extractor (@xstate/machine-extractor, conds.ts
 * and getCondition) keeps them: a string literal, or an object whose `type` is a string literal
 * (with its params when they are an object literal). Any other form it drops: `null`.
 */
function extractedGuards(file: string): (string | null)[] {
  const source = ts.createSourceFile('m.js', file, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const out: (string | null)[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      node.name.text === 'guard'
    ) {
      const value = node.initializer;
      if (ts.isStringLiteral(value)) out.push(value.text);
      else if (ts.isObjectLiteralExpression(value)) {
        const type = value.properties.find(
          (p): p is ts.PropertyAssignment =>
            ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'type',
        );
        const params = value.properties.find(
          (p): p is ts.PropertyAssignment =>
            ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'params',
        );
        out.push(
          type && ts.isStringLiteral(type.initializer)
            ? `${type.initializer.text}${params && ts.isObjectLiteralExpression(params.initializer) ? JSON.stringify(new Function(`return (${params.initializer.getText(source)})`)()) : ''}`
            : null,
        );
      } else out.push(null);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The machine a Stately file builds with xstate's createMachine. */
function importFile(file: string): AnyStateMachine {
  const start = file.indexOf('createMachine(') + 'createMachine('.length;
  const config = new Function(`return ${file.slice(start, file.lastIndexOf(');'))}`)() as object;
  return createMachine(config as never);
}

describe('the Stately import file of a machine with every guard form', () => {
  const file = renderStatelyFile(gateFlow);

  it('writes every guard in a form the extractor keeps: none is dropped', () => {
    const guarded = transitionGuards(gateMachine).map((g) => guardCode(g.tree));
    expect(extractedGuards(file)).toEqual(guarded);
    expect(guarded).toEqual([AND, OR, 'isDoorOpen', 'canEnter']);
  });

  it('builds, imported, the same guard on each transition as the machine', () => {
    const codes = (m: AnyStateMachine) => transitionGuards(m).map((g) => [g.key, guardCode(g.tree)]);
    expect(codes(importFile(file))).toEqual(codes(gateMachine));
  });

  it('keeps a named guard’s params as params', () => {
    const paramsGate = setup({
      guards: { isOldEnough: (_, params: { min: number }) => params.min > 0 },
    }).createMachine({
      id: 'paramsGate',
      initial: 'a',
      states: {
        a: {
          on: {
            go: { guard: { type: 'isOldEnough', params: { min: 18 } }, target: 'b', description: 'Va.' },
          },
        },
        b: {},
      },
    });
    const stately = renderStatelyFile({ ...gateFlow, machine: paramsGate });
    expect(extractedGuards(stately)).toEqual(['isOldEnough{"min":18}']);
    expect(stately).toContain("type: 'isOldEnough'");
  });
});

describe('the explorer on a machine with every guard form', () => {
  const graph = describeMachine(gateMachine);
  const transition = (key: string): GraphTransition => {
    const t = graph.transitions.find((x) => x.key === key);
    if (!t) throw new Error(`no transition ${key}`);
    return t;
  };

  it('labels each arrow with the guard as the code writes it', () => {
    expect(triggerText(transition('gate.visitor.outside enter#0'))).toBe(`enter [${AND}]`);
    const label = edgeLabelLines(transition('gate.visitor.outside vip#0'), true)
      .map((line) => line.segs.map((s) => s.text).join(''))
      .join(' ');
    expect(label).toContain('isMember');
    expect(label).toContain('isOldEnough');
  });

  it('notes each condition in Spanish from the guards’ notes', () => {
    expect(conditionText(transition('gate.visitor.outside enter#0'), GATE_GUARD_NOTES)).toBe(
      'Si el visitante tiene entrada, no se cumple que el visitante tiene prohibida la entrada y el estado «door.open» está activo.',
    );
    expect(conditionText(transition('gate.visitor.outside vip#0'), GATE_GUARD_NOTES)).toBe(
      'Si el visitante es socio o la edad del visitante llega al mínimo (min: 18).',
    );
    expect(conditionText(transition('gate.visitor.outside peek#0'), GATE_GUARD_NOTES)).toBe(
      'La puerta está abierta.',
    );
    expect(conditionText(transition('gate.visitor.outside enter#1'), GATE_GUARD_NOTES)).toBeUndefined();
  });

  it('says in Spanish why an event is refused when a composed guard does not hold', () => {
    const strict = gateMachine.provide({ guards: { isMember: () => false, isOldEnough: () => false } });
    const verdict = eventVerdict(createActor(strict).getSnapshot(), { type: 'vip' });
    expect(verdict).toMatchObject({ accepted: false, why: 'guards', guards: [OR] });
    expect(guardMeaning(gateFlow, OR)).toBe(
      'el visitante es socio o la edad del visitante llega al mínimo (min: 18)',
    );
    expect(guardMeaning(gateFlow, 'isDoorOpen')).toBe('La puerta está abierta.');
  });

  it('places a surviving mutant of a guard on every arrow that depends on it', () => {
    const survivor: Survivor = {
      id: '1',
      line: 1,
      column: 1,
      mutator: 'BooleanLiteral',
      original: 'context.banned',
      replacement: 'true',
      status: 'Survived',
      target: { kind: 'guard', name: 'isBanned' },
    };
    // In `and([...])` on enter, and inside canEnter (setup's `and`) on pass.
    expect(survivorPlace(survivor, graph).transitions.map((t) => t.key)).toEqual([
      'gate.visitor.outside enter#0',
      'gate.visitor.outside pass#0',
    ]);
  });
});

describe('what the tools cannot read fails, saying what and where', () => {
  it('accepts the fixture with every form, and the other fixtures', () => {
    for (const flow of [gateFlow, ...flows])
      expect(unreadableGuards(flow.machine, flow.notes.guards), flow.slug).toEqual([]);
    expect(() => checkNotes(doorFlow)).not.toThrow();
  });

  it('refuses an inline guard: the check, the docs and the Stately file', () => {
    expect(unreadableGuards(inlineGateMachine, {})).toEqual([
      'inlineGate: inlineGate.outside enter#0 [inline]: an inline function, which has no name and no Spanish note (name it in setup({ guards }) and note it)',
    ]);
    expect(() => checkNotes(inlineGateFlow, 'test/fixtures/guards.ts')).toThrow(
      /inline-gate: in test\/fixtures\/guards\.ts, fix the guard of inlineGate: inlineGate\.outside enter#0 \[inline\]: an inline function/,
    );
    expect(() => renderStatelyFile(inlineGateFlow)).toThrow(UnreadableGuardError);
    expect(() => renderStatelyFile(inlineGateFlow)).toThrow(
      /inlineGate\.outside: transition enter#0 \[inline\]/,
    );
  });

  it('refuses a guard inside and() without a Spanish note, naming it', () => {
    expect(unreadableGuards(unnotedGateMachine, { hasTicket: 'Tiene entrada.' })).toEqual([
      'unnotedGate: unnotedGate.outside enter#0 [and(hasTicket, isSober)]: guard isSober has no Spanish note (add notes.guards.isSober)',
    ]);
  });

  it('refuses a form it does not know and an inline guard inside and()', () => {
    const odd = setup({ guards: { hasTicket: () => true } }).createMachine({
      id: 'odd',
      initial: 'a',
      states: {
        a: { on: { go: { guard: and(['hasTicket', () => true]), target: 'b' } } },
        b: {},
      },
    });
    expect(unreadableGuards(odd, { hasTicket: 'Tiene entrada.' })).toEqual([
      'odd: odd.a go#0 [and(hasTicket, inline)]: an inline function, which has no name and no Spanish note (name it in setup({ guards }) and note it)',
    ]);
    const custom = Object.assign(() => true, { check: () => true });
    const unknown = createMachine({
      id: 'unknownForm',
      initial: 'a',
      states: { a: { on: { go: { guard: custom as never, target: 'b' } } }, b: {} },
    });
    expect(unreadableGuards(unknown, {})[0]).toMatch(
      /^unknownForm: unknownForm\.a go#0 \[unknown\]: a guard form the reader does not know: a guard function with its own check/,
    );
  });
});
