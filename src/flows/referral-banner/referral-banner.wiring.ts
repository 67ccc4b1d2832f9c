import { referralBannerMachine } from './referral-banner.machine';
import { scrollToElement } from '../../ui/hooks/use-smooth-anchor-scroll';

/** The banner's machine with its one effect: 'Aplicar' takes the visitor to the plans, where the discounted prices already show. */
export function referralBannerLogic() {
  return referralBannerMachine.provide({
    actions: {
      applyReferral: () => {
        const plans = document.getElementById('planes');
        if (plans) scrollToElement(plans);
      },
    },
  });
}
