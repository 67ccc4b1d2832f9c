import type { ReactNode } from 'react';
import { LAYOUT_COPY } from '../../content/layout';
import type { PageMeta } from '../../content/pages';
import { useLocation } from 'wouter';
import { StaticHtml } from '../static-html';
import { CookieNotice } from './cookie-notice';
import { Header } from './header';
import { WhatsappFloat } from './whatsapp-float';

// The footer is static: it stays server HTML and its code is not part of the client bundle.
const footer = import.meta.env.SSR || import.meta.env.DEV ? await import('./footer') : null;

/**
 * Layout shared by every page: header (with its variant), main, footer, floating button (where the
 * page has one), cookie strip (unless the page places the notice itself).
 */
export function SiteLayout({ page, children }: { page: PageMeta; children: ReactNode }) {
  const [path] = useLocation();
  return (
    <>
      <a className="skip-link" href="#contenido">
        {LAYOUT_COPY.saltarAlContenido}
      </a>
      <Header variant={page.header} path={path} />
      <main id="contenido" tabIndex={-1}>
        {children}
      </main>
      <StaticHtml>{footer && <footer.Footer />}</StaticHtml>
      {/* The strip comes first: the floating button is anchored to it (CSS anchor positioning). */}
      {!page.cookieNoticeInPage && <CookieNotice />}
      {page.whatsappFloat !== 'none' && <WhatsappFloat target={page.whatsappFloat ?? 'signUp'} />}
    </>
  );
}
