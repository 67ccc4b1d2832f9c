import { referralBannerText } from '../../domain/referral';

/** Copy of the referral strip (spec sections 2 and 4). */
export const REFERRAL_COPY = {
  /**
   * '¡{code} TE REGALA UN GRAN DESCUENTO!' (spec section 2). Still written in src/domain/referral.ts,
   * where its browser table (./referral-banner.browser.ts) reads it.
   */
  texto: referralBannerText,
  aplicar: 'Aplicar',
  region: 'Descuento por referido',
} as const;
