/**
 * The app welcome slides' model run and sample events. The model tests, the browser model paths and
 * the flow explorer take them from here (one list of events for every state; the model keeps those
 * a state accepts).
 */
import type { EventObject } from 'xstate';
import { mobileSlidesMachine } from './mobile-slides.machine';
import type { MachineModel } from '@tienda/flow-workbench/kit';

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as EventObject;

const mobileEvents = [
  ev('slide.next'),
  ev('slide.back'),
  ev('trial.start'),
  ev('account.open'),
  ev('redirect.abort'),
];
export const mobileSlidesModel: MachineModel = {
  machine: mobileSlidesMachine,
  runs: [{ label: 'bienvenida', events: () => mobileEvents }],
  samples: () => mobileEvents,
};
