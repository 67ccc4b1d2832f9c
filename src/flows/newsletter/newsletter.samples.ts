/**
 * The newsletter form's model run and sample events (a submission, the answers it may get). The
 * model tests, the browser model paths and the flow explorer take them from here (one list of
 * events for every state; the model keeps those a state accepts).
 */
import type { EventObject } from 'xstate';
import { newsletterMachine } from './newsletter.machine';
import type { MachineModel } from '@tienda/flow-workbench/kit';

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as EventObject;

export const NEWSLETTER_SUBMISSION = {
  action: 'http://127.0.0.1/api/newsletter/',
  method: 'post',
  fields: { email: 'ana@example.com' },
};
export const NEWSLETTER_WARNING_REPLY = { response: 'error', message: '<b>Ya</b> estás suscrito' };
const newsletterEvents = [
  ev('form.submit', { passesBrowserCheck: true, ...NEWSLETTER_SUBMISSION }),
  ev('form.submit', { passesBrowserCheck: false, ...NEWSLETTER_SUBMISSION, fields: { email: 'no' } }),
  ev('xstate.done.actor.subscribe', { output: { response: 'success', message: '¡Listo!' } }),
  ev('xstate.done.actor.subscribe', { output: { response: 'success' } }),
  ev('xstate.done.actor.subscribe', { output: NEWSLETTER_WARNING_REPLY }),
  ev('xstate.error.actor.subscribe', { error: new SyntaxError('La respuesta no es JSON válido') }),
];
export const newsletterModel: MachineModel = {
  machine: newsletterMachine,
  runs: [{ label: 'formulario', events: () => newsletterEvents }],
  samples: () => newsletterEvents,
};
