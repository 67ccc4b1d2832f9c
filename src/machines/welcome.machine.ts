import { setup } from 'xstate';
import {
  CONVERSION_CURRENCY,
  CONVERSION_VALUE_PREMIUM_USD,
  CONVERSION_VALUE_PRO_USD,
  WELCOME_REDIRECT_DELAY_MS,
} from '../domain/constants';

export interface WelcomeInput {
  /** The skipRedirect query parameter is present. */
  skipRedirect: boolean;
  /** The plan query parameter, raw. */
  plan?: string | null;
}

export interface WelcomeContext {
  skipRedirect: boolean;
  plan: 'pro' | 'premium';
  /** Value of the Purchase conversion event, USD. */
  conversionValue: number;
}

/** Spec section 7: 36 USD for premium, 12 USD for pro or anything else. */
export function conversionValueFor(plan: string | null | undefined): number {
  return plan === 'premium' ? CONVERSION_VALUE_PREMIUM_USD : CONVERSION_VALUE_PRO_USD;
}

/**
 * Welcome page (/bienvenido, spec sections 2 and 4): shows "PREPARANDO TU CUENTA..." and sends the
 * Lead and Purchase conversions at once (before a redirect can cut them off); after 2000 ms shows
 * "TU CUENTA ESTÁ LISTA" and redirects to the registration host unless skipRedirect is set.
 */
export const welcomeMachine = setup({
  types: {
    input: {} as WelcomeInput,
    context: {} as WelcomeContext,
    tags: {} as 'busy',
  },
  actions: {
    trackLead: () => {},
    trackPurchase: (_, _params: { value: number; currency: string }) => {},
    redirectToRegistration: (_, _params: { plan: string }) => {},
  },
  guards: {
    shouldSkipRedirect: ({ context }) => context.skipRedirect,
  },
  delays: {
    redirectDelay: WELCOME_REDIRECT_DELAY_MS,
  },
}).createMachine({
  id: 'welcome',
  description:
    'Welcome page: "PREPARANDO TU CUENTA..." for 2000 ms, then "TU CUENTA ESTÁ LISTA" and the redirect to the registration host unless skipRedirect is set. The plan picks the Purchase conversion value (36 USD premium, 12 USD otherwise).',
  context: ({ input }) => ({
    skipRedirect: input.skipRedirect === true,
    plan: input.plan === 'premium' ? 'premium' : 'pro',
    conversionValue: conversionValueFor(input.plan),
  }),
  initial: 'preparing',
  states: {
    preparing: {
      tags: ['busy'],
      entry: [
        'trackLead',
        {
          type: 'trackPurchase',
          params: ({ context }) => ({ value: context.conversionValue, currency: CONVERSION_CURRENCY }),
        },
      ],
      after: {
        redirectDelay: [
          { guard: 'shouldSkipRedirect', target: 'ready.staying' },
          { target: 'ready.redirecting' },
        ],
      },
    },
    ready: {
      initial: 'redirecting',
      states: {
        redirecting: {
          tags: ['busy'],
          entry: [{ type: 'redirectToRegistration', params: ({ context }) => ({ plan: context.plan }) }],
        },
        staying: {
          description: 'skipRedirect is set: the page stays on "TU CUENTA ESTÁ LISTA".',
        },
      },
    },
  },
});
