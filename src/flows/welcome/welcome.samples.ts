/**
 * The welcome page's model runs (the plans its address may carry) and sample events. The model
 * tests, the browser model paths and the flow explorer take them from here (one list of events for
 * every state; the model keeps those a state accepts).
 */
import type { EventObject } from 'xstate';
import { welcomeMachine, type WelcomeInput } from './welcome.machine';
import type { MachineModel } from '@tienda/flow-workbench/kit';

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as EventObject;

const welcomeEvents = [ev('redirect.abort')];
export const welcomeModel: MachineModel = {
  machine: welcomeMachine,
  runs: (
    [
      ['plan premium', { skipRedirect: false, plan: 'premium' }],
      ['plan pro', { skipRedirect: false, plan: 'pro' }],
      ['sin redirección, sin plan', { skipRedirect: true, plan: null }],
      ['sin redirección, plan no válido', { skipRedirect: true, plan: '<script>' }],
      ['plan con mayúscula (no válido)', { skipRedirect: false, plan: 'Premium' }],
    ] as const satisfies readonly (readonly [string, WelcomeInput])[]
  ).map(([label, input]) => ({ label, input, events: () => welcomeEvents })),
  samples: () => welcomeEvents,
};
