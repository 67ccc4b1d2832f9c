import { setup } from 'xstate';
import { REFERRAL_BANNER_HIDE_DELAY_MS, REFERRAL_BANNER_SHOW_DELAY_MS } from '../domain/constants';
import { parseReferralCode } from '../domain/referral';

export interface ReferralBannerInput {
  /** The active referral code (already parsed from ?ref or session storage), if any. */
  code?: string | null;
}

export interface ReferralBannerContext {
  code: string | null;
}

export type ReferralBannerEvent = { type: 'banner.apply' };

/**
 * Referral banner (spec sections 2, 4 and 9): '¡{code} TE REGALA UN GRAN DESCUENTO!' appears
 * 500 ms after load when a referral code exists, and hides after 12000 ms or on 'Aplicar'.
 */
export const referralBannerMachine = setup({
  types: {
    input: {} as ReferralBannerInput,
    context: {} as ReferralBannerContext,
    events: {} as ReferralBannerEvent,
  },
  actions: {
    applyReferral: (_, _params: { code: string }) => {},
  },
  guards: {
    hasReferralCode: ({ context }) => context.code !== null,
  },
  delays: {
    showDelay: REFERRAL_BANNER_SHOW_DELAY_MS,
    hideDelay: REFERRAL_BANNER_HIDE_DELAY_MS,
  },
}).createMachine({
  id: 'referralBanner',
  context: ({ input }) => ({ code: parseReferralCode(input.code) ?? null }),
  initial: 'hidden',
  states: {
    hidden: {
      after: {
        showDelay: { guard: 'hasReferralCode', target: 'visible' },
      },
    },
    visible: {
      after: {
        hideDelay: { target: 'dismissed' },
      },
      on: {
        'banner.apply': {
          target: 'dismissed',
          actions: [{ type: 'applyReferral', params: ({ context }) => ({ code: context.code ?? '' }) }],
        },
      },
    },
    dismissed: {
      type: 'final',
    },
  },
});
