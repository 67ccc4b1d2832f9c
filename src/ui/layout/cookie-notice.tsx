import { useState } from 'react';
import { LAYOUT_COPY } from '../../content/layout';
import { COOKIE_LIFETIME_DAYS, COOKIE_NOTICE_KEY } from '../../domain/constants';
import { readCookie, writeCookie } from '../../services/storage';
import { useHydrated } from '../hooks/use-hydrated';

/**
 * Cookie-notice strip: hidden once acknowledged, remembered for COOKIE_LIFETIME_DAYS.
 * It is prerendered for every visitor so it paints with the page (a strip appearing after
 * hydration would be a late largest paint on a short page); for a visitor who already acknowledged
 * it, the head script's class hides it until hydration takes it out. One short line and its
 * button (at most 12 % of a 360 x 740 screen), in the page's flow: above the header (SiteLayout),
 * or with `inPage` where the page places it (the app welcome). Fixed over the page, it covered the
 * controls at the bottom of the first screen.
 */
export function CookieNotice({ inPage = false }: { inPage?: boolean }) {
  const hydrated = useHydrated();
  const [acknowledged, setAcknowledged] = useState(false);
  if (acknowledged || (hydrated && readCookie(COOKIE_NOTICE_KEY) === '1')) return null;
  return (
    <section
      className={inPage ? 'cookie-notice cookie-notice--in-page' : 'cookie-notice'}
      aria-label={LAYOUT_COPY.cookies.region}
    >
      <p>
        {LAYOUT_COPY.cookies.texto}
        <a href="/privacidad">{LAYOUT_COPY.cookies.enlace}</a>
      </p>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => {
          writeCookie(COOKIE_NOTICE_KEY, '1', COOKIE_LIFETIME_DAYS);
          setAcknowledged(true);
        }}
      >
        {LAYOUT_COPY.cookies.entendido}
      </button>
    </section>
  );
}
