import { setup } from 'xstate';
import { REFERRAL_BANNER_HIDE_DELAY_MS, REFERRAL_BANNER_SHOW_DELAY_MS } from '../../domain/constants';
import { parseReferralCode } from '../../domain/referral';
import { elapsedAwareDelay, elapsedFrom } from '../delays';

export interface ReferralBannerInput {
  /** The active referral code (already parsed from ?ref or session storage), if any. */
  code?: string | null;
  /** How long ago the page started loading, in ms: the banner's 500 ms count from then. */
  elapsedMs?: number;
}

export interface ReferralBannerContext {
  code: string | null;
  elapsedMs: number;
}

export type ReferralBannerEvent = { type: 'banner.apply' };

/**
 * Referral banner (spec sections 2, 4 and 9): '¡{code} TE REGALA UN GRAN DESCUENTO!' appears
 * 500 ms after the page's load when a referral code exists (at once when the machine started
 * later than that), and hides 12000 ms after it appeared or on 'Aplicar'.
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
    showDelay: elapsedAwareDelay(REFERRAL_BANNER_SHOW_DELAY_MS),
    hideDelay: REFERRAL_BANNER_HIDE_DELAY_MS,
  },
}).createMachine({
  id: 'referralBanner',
  description:
    'Franja de referido: con un código de referido, aparece poco después de cargar la página y se oculta sola o al pulsar "Aplicar".',
  context: ({ input }) => ({
    code: parseReferralCode(input.code) ?? null,
    elapsedMs: elapsedFrom(input.elapsedMs),
  }),
  initial: 'hidden',
  states: {
    hidden: {
      description: 'La franja todavía no se ve.',
      after: {
        showDelay: {
          guard: 'hasReferralCode',
          target: 'visible',
          description:
            'Poco después de cargar la página, si hay un código de referido activo, aparece la franja.',
        },
      },
    },
    visible: {
      description: 'Se ve la franja que anuncia el descuento del código de referido.',
      after: {
        hideDelay: {
          target: 'dismissed',
          description: 'Pasado un rato sin que el visitante la use, la franja se oculta sola.',
        },
      },
      on: {
        'banner.apply': {
          target: 'dismissed',
          description:
            'El visitante pulsa "Aplicar": la página lo lleva a los planes, que ya muestran el descuento, y la franja se oculta.',
          actions: [{ type: 'applyReferral', params: ({ context }) => ({ code: context.code ?? '' }) }],
        },
      },
    },
    dismissed: {
      type: 'final',
      description:
        'La franja se ocultó y no vuelve a aparecer en esta visita a la página. Su espacio arriba de la página queda vacío hasta que el visitante lo deja atrás al bajar, para que nada se mueva bajo su dedo.',
    },
  },
});
