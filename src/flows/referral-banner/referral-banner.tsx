import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { msSincePageLoad } from '../../services/page-clock';
import { useFlowActor } from '../../ui/hooks/use-flow-actor';
import { REFERRAL_COPY } from './copy';
import { releaseRoomOnceScrolledPast, ROOM_RELEASED_ATTRIBUTE } from './room';
import { referralBannerLogic } from './referral-banner.wiring';

/**
 * The referral strip (spec sections 2 and 4), loaded after hydration only when a code exists. Its
 * machine starts once the strip is on the page, with the time since the page's load measured then:
 * React may show a lazily loaded part a few hundred milliseconds after rendering it, and a time
 * read while rendering would make the banner that much late.
 */
export default function ReferralBanner({ code }: { code: string }) {
  const [elapsedMs, setElapsedMs] = useState<number | null>(null);
  // Read once the strip is committed, from the page's clock (an external source).
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setElapsedMs(msSincePageLoad()), []);
  return elapsedMs === null ? null : <BannerFlow code={code} elapsedMs={elapsedMs} />;
}

/** data-referral-banner exposes the machine state (hidden, visible, dismissed) for tests. */
function BannerFlow({ code, elapsedMs }: { code: string; elapsedMs: number }) {
  const actor = useFlowActor(referralBannerLogic, { input: { code, elapsedMs } });
  const state = useSelector(actor, (s) => String(s.value));
  const place = useRef<HTMLDivElement>(null);
  const dismissed = state === 'dismissed';
  // The strip's room (the home page's slot around this, kept by the head script's class) goes once
  // the visitor has left it behind.
  useEffect(() => {
    const room = place.current?.parentElement;
    if (!dismissed || !room) return;
    return releaseRoomOnceScrolledPast(room, () => room.setAttribute(ROOM_RELEASED_ATTRIBUTE, ''));
  }, [dismissed]);
  return (
    <div ref={place} data-referral-banner={state}>
      {state === 'visible' && (
        <div className="referral-banner" role="region" aria-label={REFERRAL_COPY.region}>
          <p>{REFERRAL_COPY.texto(code)}</p>
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
