/**
 * The referral banner's model runs (with a code, without, blank) and sample events. The model
 * tests, the browser model paths and the flow explorer take them from here (one list of events for
 * every state; the model keeps those a state accepts).
 */
import type { EventObject } from 'xstate';
import { referralBannerMachine, type ReferralBannerInput } from './referral-banner.machine';
import type { MachineModel } from '@tienda/flow-workbench/kit';

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as EventObject;

const referralEvents = [ev('banner.apply')];
export const referralBannerModel: MachineModel = {
  machine: referralBannerMachine,
  runs: (
    [
      ['con código', { code: 'AMIGO25' }],
      ['sin código', { code: null }],
      ['código en blanco', { code: '   ' }],
    ] as const satisfies readonly (readonly [string, ReferralBannerInput])[]
  ).map(([label, input]) => ({ label, input, events: () => referralEvents })),
  samples: () => referralEvents,
};
