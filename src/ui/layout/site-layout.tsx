import type { ReactNode } from 'react';
import { LAYOUT_COPY } from '../../content/layout';
import type { PageMeta } from '../../content/pages';
import { useLocation } from 'wouter';
import { StaticHtml } from '../static-html';
import { CookieNotice } from './cookie-notice';
import { Header } from './header';
import { WhatsappFloat } from './whatsapp-float';

// The footer is static: it stays server HTML and its code is not part of the client bundle.
const footer = import.meta.env.SSR ? await import('./footer') : null;

/**
 * Layout shared by every page: cookie notice (unless the page places it itself), header (with its
 * variant), main, footer, floating button (where the page has one).
 */
export function SiteLayout({ page, children }: { page: PageMeta; children: ReactNode }) {
  const [path] = useLocation();
  return (
    <>
      <a className="skip-link" href="#contenido">
        {LAYOUT_COPY.saltarAlContenido}
      </a>
      {/* Above the header, in the page's flow: it covers nothing, and nothing floats over it. */}
      {!page.cookieNoticeInPage && <CookieNotice />}
      <Header variant={page.header} path={path} />
      <main id="contenido" tabIndex={-1}>
        {children}
      </main>
      <StaticHtml>{footer && <footer.Footer />}</StaticHtml>
      {page.whatsappFloat !== 'none' && <WhatsappFloat target={page.whatsappFloat ?? 'signUp'} />}
    </>
  );
}
