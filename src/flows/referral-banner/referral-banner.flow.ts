import { REFERRAL_BANNER_HIDE_DELAY_MS, REFERRAL_BANNER_SHOW_DELAY_MS } from '../../domain/constants';
import type { FlowEntry } from '../flow-notes';
import { referralBannerMachine, type ReferralBannerInput } from './referral-banner.machine';

/** The referral banner: shown shortly after the page loads when a referral code is active. */
export const referralBannerFlow: FlowEntry = {
  order: 30,
  slug: 'referral-banner',
  title: 'Banner de referidos',
  description: `Franja que anuncia el descuento de un código de referido. No se ve al cargar la página; si hay un código de referido activo, aparece a los ${REFERRAL_BANNER_SHOW_DELAY_MS} ms y se oculta sola ${REFERRAL_BANNER_HIDE_DELAY_MS} ms después, o antes si el visitante pulsa 'Aplicar'.`,
  source: 'src/flows/referral-banner/referral-banner.machine.ts',
  machine: referralBannerMachine,
  exampleInput: { code: 'AMIGO25' } satisfies ReferralBannerInput,
  notes: {
    events: { 'banner.apply': "El visitante pulsa 'Aplicar'." },
    guards: {
      hasReferralCode:
        'Hay un código de referido activo (llegó en la dirección con `?ref` o quedó guardado en la sesión del navegador).',
    },
    actions: {
      applyReferral: 'Lleva al visitante a los planes, que ya muestran los precios con el descuento.',
    },
    actors: {},
    context: {
      code: 'código de referido',
      elapsedMs: 'tiempo que ya pasó desde la carga de la página, en milésimas de segundo',
    },
    delays: {
      showDelay:
        'Espera desde la carga de la página hasta que aparece la franja (si el código de la franja empezó más tarde, solo se espera lo que falta).',
      hideDelay: 'Tiempo que la franja queda a la vista antes de ocultarse sola.',
    },
  },
};
