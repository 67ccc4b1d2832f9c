/**
 * The wizard as it could have been before the rules check: step 1 checked the WhatsApp where
 * `validating` now checks the rules, and its form did not ask for the e-mail. It is the base of
 * the chart of changes' e2e test: the throwaway base commit's catalogue puts it in the wizard's
 * place (./flow-change-build.ts), and the test reads its version, under which QA's screenshots of
 * the base are kept.
 */
import { createMachine, type AnyStateMachine } from 'xstate';

interface Node {
  states?: Record<string, Node>;
  on?: Record<string, unknown>;
  [field: string]: unknown;
}

const CHECKING: Node = {
  description: 'Se verifica que el número de WhatsApp exista antes de guardar.',
  tags: ['busy'],
  after: {
    1500: { target: 'submitting', description: 'Tras la verificación del número, se sigue con el guardado.' },
  },
};

/** What the form asked for before the e-mail was added: the one state that changed in place. */
export const OLDER_EDITING =
  'El visitante completa el nombre de su negocio, su nombre, apellido, país y WhatsApp.';

function child(node: Node, key: string): Node {
  const found = node.states?.[key];
  if (!found) throw new Error(`the wizard has no state ${key}`);
  return found;
}

export function olderWizard(machine: AnyStateMachine): AnyStateMachine {
  const config = machine.config as unknown as Node;
  const steps = child(config, 'steps');
  const contact = child(steps, 'contact');
  const { validating, ...rest } = contact.states ?? {};
  if (!validating || !rest.editing || !rest.failed)
    throw new Error('the wizard has no steps.contact.validating');
  const toCheck = (on: Node['on']) => ({
    ...on,
    'contact.submit': { ...(on?.['contact.submit'] as object), target: 'checkingWhatsapp' },
  });
  const states: Record<string, Node> = {};
  for (const [key, state] of Object.entries(rest)) {
    states[key] =
      key === 'editing'
        ? { ...state, description: OLDER_EDITING, on: toCheck(state.on) }
        : key === 'failed'
          ? { ...state, on: toCheck(state.on) }
          : state;
    if (key === 'editing') states.checkingWhatsapp = CHECKING;
  }
  const older: Node = {
    ...config,
    states: {
      ...config.states,
      steps: { ...steps, states: { ...steps.states, contact: { ...contact, states } } },
    },
  };
  // The config is rebuilt as plain data, so its types are XState's no longer: the machine is the judge.
  return createMachine(older as never, machine.implementations as never);
}
