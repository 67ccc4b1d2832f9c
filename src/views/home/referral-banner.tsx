import { useActorRef, useSelector } from '@xstate/react';
import { REFERRAL_COPY } from '../../content/home/copy';
import { referralBannerText } from '../../domain/referral';
import { referralBannerMachine } from '../../machines/referral-banner.machine';
import { msSincePageLoad } from '../../services/page-clock';
import { scrollToElement } from '../hooks/use-smooth-scroll';

/** 'Aplicar' takes the visitor to the plans, where the discounted prices already show. */
const machine = referralBannerMachine.provide({
  actions: {
    applyReferral: () => {
      const plans = document.getElementById('planes');
      if (plans) scrollToElement(plans);
    },
  },
});

/**
 * The referral strip (spec sections 2 and 4), loaded after hydration only when a code exists.
 * data-state exposes the machine state (hidden, visible, dismissed) for tests.
 */
export default function ReferralBanner({ code }: { code: string }) {
  const actor = useActorRef(machine, { input: { code, elapsedMs: msSincePageLoad() } });
  const state = useSelector(actor, (s) => String(s.value));
  return (
    <div className="referral-slot" data-referral-banner={state}>
      {state === 'visible' && (
        <div className="referral-banner" role="region" aria-label={REFERRAL_COPY.region}>
          <p>{referralBannerText(code)}</p>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => actor.send({ type: 'banner.apply' })}
          >
            {REFERRAL_COPY.aplicar}
          </button>
        </div>
      )}
    </div>
  );
}
