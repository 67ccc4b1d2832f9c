/**
 * The notification's model run (the newsletter form's warning) and sample events. The model tests,
 * the browser model paths and the flow explorer take them from here (one list of events for every
 * state; the model keeps those a state accepts).
 */
import type { EventObject } from 'xstate';
import { notificationMachine, type NotificationInput } from './notification.machine';
import type { MachineModel } from '@tienda/flow-workbench/kit';

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as EventObject;

export const NOTIFICATION_INPUT: NotificationInput = { message: 'Ya estás suscrito', tone: 'warning' };
const notificationEvents = [ev('notification.dismiss'), ev('notification.hold'), ev('notification.release')];
export const notificationModel: MachineModel = {
  machine: notificationMachine,
  runs: [{ label: 'aviso', input: NOTIFICATION_INPUT, events: () => notificationEvents }],
  samples: () => notificationEvents,
};
