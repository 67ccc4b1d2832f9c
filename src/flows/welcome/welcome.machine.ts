import { setup } from 'xstate';
import {
  CONVERSION_CURRENCY,
  CONVERSION_VALUE_PREMIUM_USD,
  CONVERSION_VALUE_PRO_USD,
  WELCOME_REDIRECT_DELAY_MS,
} from '../../domain/constants';
import { elapsedAwareDelay, elapsedFrom } from '../delays';

/** The plans the welcome page knows (query parameter plan, spec section 2). */
const WELCOME_PLANS = ['pro', 'premium'] as const;
export type WelcomePlan = (typeof WELCOME_PLANS)[number];

export interface WelcomeInput {
  /** The skipRedirect query parameter is present. */
  skipRedirect: boolean;
  /** The plan query parameter, raw. */
  plan?: string | null;
  /** How long ago the visitor first saw 'PREPARANDO TU CUENTA...', in ms: the 2000 ms count from then. */
  elapsedMs?: number;
}

export interface WelcomeContext {
  skipRedirect: boolean;
  /** The plan query parameter when it is pro or premium; null otherwise (the redirect carries none). */
  plan: WelcomePlan | null;
  /** Value of the Purchase conversion event, USD. */
  conversionValue: number;
  elapsedMs: number;
}

export type WelcomeEvent = { type: 'redirect.abort' };

/** The plan parameter when it is exactly one of the known plans, else null. */
export function welcomePlanFrom(raw: string | null | undefined): WelcomePlan | null {
  return WELCOME_PLANS.find((plan) => plan === raw) ?? null;
}

/** Spec section 7: 36 USD for premium, 12 USD for pro or anything else. */
export function conversionValueFor(plan: string | null | undefined): number {
  return plan === 'premium' ? CONVERSION_VALUE_PREMIUM_USD : CONVERSION_VALUE_PRO_USD;
}

/**
 * Welcome page (/bienvenido, spec sections 2 and 4): shows "PREPARANDO TU CUENTA..." and sends the
 * Lead and Purchase conversions at once (before a redirect can cut them off); 2000 ms after the
 * visitor first saw "PREPARANDO TU CUENTA..." (the prerendered page) shows "TU CUENTA ESTÁ LISTA" and redirects to the registration host unless skipRedirect is set.
 */
export const welcomeMachine = setup({
  types: {
    input: {} as WelcomeInput,
    context: {} as WelcomeContext,
    events: {} as WelcomeEvent,
    tags: {} as 'busy',
  },
  actions: {
    trackLead: () => {},
    trackPurchase: (_, _params: { value: number; currency: string }) => {},
    redirectToRegistration: (_, _params: { plan: WelcomePlan | null }) => {},
  },
  guards: {
    shouldSkipRedirect: ({ context }) => context.skipRedirect,
  },
  delays: {
    redirectDelay: elapsedAwareDelay(WELCOME_REDIRECT_DELAY_MS),
  },
}).createMachine({
  id: 'welcome',
  description:
    'Página de bienvenida: prepara la cuenta, registra las conversiones y lleva al visitante al sitio de registro.',
  context: ({ input }) => ({
    skipRedirect: input.skipRedirect === true,
    plan: welcomePlanFrom(input.plan),
    conversionValue: conversionValueFor(input.plan),
    elapsedMs: elapsedFrom(input.elapsedMs),
  }),
  initial: 'preparing',
  states: {
    preparing: {
      description:
        'Se muestra que la cuenta se está preparando, con un indicador de carga, y se registran las conversiones de prospecto y de compra.',
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
          {
            guard: 'shouldSkipRedirect',
            target: 'ready.staying',
            description:
              'Pasado el tiempo de preparación, si la dirección de la página pide no redirigir, la cuenta se muestra lista y el visitante se queda.',
          },
          {
            target: 'ready.redirecting',
            description:
              'Pasado el tiempo de preparación, la cuenta se muestra lista y se redirige al sitio de registro.',
          },
        ],
      },
    },
    ready: {
      description: 'Se muestra que la cuenta está lista.',
      initial: 'redirecting',
      states: {
        redirecting: {
          description: 'Se redirige al sitio de registro con el plan elegido.',
          tags: ['busy'],
          entry: [{ type: 'redirectToRegistration', params: ({ context }) => ({ plan: context.plan }) }],
          on: {
            'redirect.abort': {
              target: 'staying',
              description: 'Si el visitante vuelve a la página con el botón Atrás, no se redirige otra vez.',
            },
          },
        },
        staying: {
          description:
            'El visitante se queda en la página, que muestra la cuenta lista y un enlace para continuar.',
        },
      },
    },
  },
});
