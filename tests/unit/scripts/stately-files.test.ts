/**
 * The Stately import files in docs/flows, read back as Stately reads them: each file's
 * createMachine call evaluated, and the machine it builds compared with the site's machine,
 * state by state and transition by transition (descriptions included). A transition that the
 * file writes with one target instead of several must enter the same states.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createMachine,
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
} from 'xstate';
import { delayValue, statelyConfig } from '@tienda/flow-workbench/generators';
import { FLOWS_DIR } from '../../../scripts/flows-docs';
import { flows } from '../../../src/flows/catalogue';
import { leadWizardMachine } from '../../../src/flows/registration/lead-wizard.machine';
import { actionNames, guardCode, readGuard } from '@tienda/flow-workbench/kit';

/** The machine a Stately import file builds, with xstate's own createMachine. */
function importFile(file: string): AnyStateMachine {
  const start = file.indexOf('createMachine(');
  const end = file.lastIndexOf(');');
  const config = new Function(`return ${file.slice(start + 'createMachine('.length, end)}`)() as object;
  return createMachine(config as never);
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)];
}

/** The states a transition's targets enter, down to atomic states (initial states, every region). */
function entered(targets: readonly AnyStateNode[]): string[] {
  const out = new Set<string>();
  const down = (n: AnyStateNode) => {
    const children = Object.values(n.states);
    if (children.length === 0) out.add(n.id);
    else if (n.type === 'parallel') children.forEach(down);
    else if (n.initial?.target[0]) down(n.initial.target[0]);
  };
  targets.forEach(down);
  return [...out].sort();
}

interface Shape {
  states: string[];
  transitions: Map<
    string,
    {
      guard: string;
      actions: string;
      targets: string[];
      entered: string[];
      reenter: boolean;
      description: string;
    }
  >;
}

/** Every state and transition; delays named by their duration (`xstate.after.<ms>.<state>`). */
function shapeOf(machine: AnyStateMachine, delayMs: (name: string) => string): Shape {
  const states: string[] = [];
  const transitions: Shape['transitions'] = new Map();
  for (const node of allNodes(machine.root)) {
    states.push(
      [
        node.id,
        node.type,
        node.initial?.target.map((t) => t.id).join(',') ?? '',
        node.tags.join(','),
        node.description ?? '',
      ].join(' | '),
    );
    const add = (
      event: string,
      defs: readonly {
        target?: readonly AnyStateNode[] | undefined;
        guard?: unknown;
        actions: readonly unknown[];
        reenter?: boolean;
        description?: string;
      }[],
    ) =>
      defs.forEach((t, i) => {
        const targets = [...(t.target ?? [])];
        transitions.set(`${node.id} ${event}#${i}`, {
          // Read as the tools read it: `and(isA, not(isB))` is the name the file gives it.
          guard: t.guard === undefined ? '' : guardCode(readGuard(t.guard)),
          actions: actionNames(t.actions).join(','),
          targets: targets.map((n) => n.id),
          entered: entered(targets),
          reenter: t.reenter === true,
          description: t.description ?? '',
        });
      });
    for (const [event, defs] of node.transitions) {
      const after = /^xstate\.after\.(.+)\.(.+)$/.exec(event);
      const name =
        after && event.endsWith(`.${node.id}`)
          ? event.slice('xstate.after.'.length, -(node.id.length + 1))
          : undefined;
      add(name === undefined ? event : `xstate.after.${delayMs(name)}.${node.id}`, defs);
    }
    add('always', node.always ?? []);
  }
  return { states, transitions };
}

describe('the Stately import files in docs/flows', () => {
  it.each(flows.map((f) => [f.slug, f] as const))(
    '%s: the file builds the same states and transitions',
    (slug, flow) => {
      const file = readFileSync(path.resolve(FLOWS_DIR, `${slug}.stately.js`), 'utf8');
      const imported = importFile(file);
      const real = flow.machine;
      const ms = (name: string) => {
        const nominal = delayValue(real, name);
        if (nominal !== undefined) return String(nominal);
        const impl = (real.implementations.delays as Record<string, (a: unknown) => number>)[name];
        const context = initialTransition(real, flow.exampleInput)[0].context;
        return String(impl?.({ context, event: { type: '' } }));
      };
      const want = shapeOf(real, ms);
      const got = shapeOf(imported, String);
      expect(imported.id).toBe(real.id);
      // The machine's own description is the catalogue's; every other state's is the machine's.
      expect(got.states.slice(1)).toEqual(want.states.slice(1));
      expect([...got.transitions.keys()].sort()).toEqual([...want.transitions.keys()].sort());
      for (const [key, w] of want.transitions) {
        const g = got.transitions.get(key);
        expect(g, key).toBeDefined();
        if (!g) continue;
        expect([key, g.guard, g.actions], key).toEqual([key, w.guard, w.actions]);
        expect(g.targets.length, `${key}: one target at most`).toBeLessThanOrEqual(1);
        if (w.targets.length <= 1) {
          expect([key, g.targets, g.reenter], key).toEqual([key, w.targets, w.reenter]);
          expect(g.description, key).toBe(key.includes(' xstate.after.') ? g.description : w.description);
        } else {
          // Several targets written as one: the same states entered.
          expect([key, g.entered, g.reenter], key).toEqual([key, w.entered, true]);
          expect(g.description.startsWith(w.description), key).toBe(true);
        }
        if (key.includes(' xstate.after.')) {
          expect(g.description, key).toMatch(/^Espera «\w+», /);
          expect(g.description.endsWith(w.description), key).toBe(true);
        }
      }
    },
  );

  it("writes the wizard's 'Registrar otro negocio' with one target and the same behaviour", () => {
    // The site's machine, and the same with the file's one target (every implementation kept).
    const real = leadWizardMachine;
    const single = createMachine(statelyConfig(real, { delays: false }) as never).provide(
      real.implementations as never,
    ) as AnyStateMachine;
    const restart = single.root.states.steps?.states.thanks?.transitions.get('wizard.restart')?.[0];
    expect(restart?.target?.map((t) => t.id)).toEqual(['leadWizard']);
    expect(restart?.reenter).toBe(true);

    const input = flows.find((f) => f.machine === real)?.exampleInput;
    const lead = { id: 'lead-42', estado: 'nuevo' };
    const events: (EventObject & Record<string, unknown>)[] = [
      ...(
        [
          ['nombreEmpresa', 'Pizzería Don Pepe'],
          ['nombre', 'Ana'],
          ['apellido', 'Gómez'],
          ['pais', 'CL'],
          ['whatsapp', '11 2345-6789'],
        ] as const
      ).map(([field, value]) => ({ type: 'contact.change', field, value })),
      { type: 'contact.submit' },
      { type: 'xstate.done.actor.validateContact', output: {} },
      { type: 'xstate.done.actor.createLead', output: lead },
      { type: 'situation.select', value: 'facilitar_gestion' },
      { type: 'xstate.done.actor.updateLead', output: lead },
      { type: 'step.next' },
      { type: 'category.select', value: 'gastronomico' },
      { type: 'xstate.done.actor.updateLead', output: lead },
      { type: 'step.next' },
      { type: 'sector.select', value: 'pizzeria' },
      { type: 'xstate.done.actor.updateLead', output: lead },
      { type: 'step.next' },
      { type: 'wizard.restart', idempotencyKey: '0b3c9e2a-5d41-4a7e-8f10-6c2d4e8a9b77' },
      { type: 'contact.change', field: 'nombre', value: 'Otro' },
    ];
    let a: AnyMachineSnapshot = initialTransition(real as AnyStateMachine, input)[0];
    let b: AnyMachineSnapshot = initialTransition(single, input)[0];
    const seen: unknown[] = [];
    for (const event of events) {
      a = transition(real as AnyStateMachine, a, event as never)[0];
      b = transition(single, b, event as never)[0];
      expect([event.type, b.value, b.context], event.type).toEqual([event.type, a.value, a.context]);
      seen.push(a.value);
    }
    // The path did reach the thanks step and start again.
    expect(seen).toContainEqual({
      steps: { thanks: { demo: 'offered' } },
      sync: 'synced',
      fieldMessages: 'idle',
    });
    expect(a.value).toEqual({ steps: { contact: 'editing' }, sync: 'waitingForLead', fieldMessages: 'idle' });
  });
});
