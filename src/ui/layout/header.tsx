import { useState } from 'react';
import { config, whatsappLink } from '../../config';
import { LAYOUT_COPY, MENU_COPY } from '../../content/layout';
import { resolvePage, type HeaderVariant } from '../../content/pages';
import { useSmoothAnchorScroll } from '../hooks/use-smooth-anchor-scroll';
import { StaticHtml } from '../static-html';
import { TopBar } from './top-bar';

// The menu button's icon never changes: it stays server HTML, so no page loads the icon library's
// code for it, which every page's JavaScript would carry
// (docs/performance.md, "Measurements behind the code").
const menuIcon = import.meta.env.SSR ? await import('./menu-icon') : null;

interface MenuItem {
  label: string;
  href: string;
  external?: boolean;
}

/**
 * The menu of spec section 2. Its sections are on the home page: there (any of its paths) the
 * links stay on the page and scroll; elsewhere they open the home page at the section.
 */
function menuItems(variant: HeaderVariant, onHomePage = false): MenuItem[] {
  const section = (id: string) => (onHomePage ? `#${id}` : `/#${id}`);
  const home: MenuItem = { label: MENU_COPY.inicio, href: section('inicio') };
  if (variant.menu === 'home') return [home];
  const items: MenuItem[] = [
    home,
    { label: MENU_COPY.beneficios, href: section('beneficios') },
    { label: MENU_COPY.planes, href: section('planes') },
    { label: MENU_COPY.faq, href: section('faq') },
  ];
  if (variant.registration) items.push({ label: MENU_COPY.registro, href: '/registro' });
  items.push({ label: MENU_COPY.contacto, href: whatsappLink(LAYOUT_COPY.mensajeContacto), external: true });
  return items;
}

export function Header({ variant, path }: { variant: HeaderVariant; path: string }) {
  const [open, setOpen] = useState(false);
  useSmoothAnchorScroll();
  const items = menuItems(variant, resolvePage(path).key === 'home');
  return (
    <header className="site-header">
      <TopBar path={path} showCountrySelector={variant.countrySelector} />
      <div className="header-main container">
        <a className="brand" href="/" aria-label={LAYOUT_COPY.encabezado.inicio(config.brandName)}>
          <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path d="M9 12h14l-1.5 10h-11z" fill="#fff" />
            <path d="M12.5 12a3.5 3.5 0 0 1 7 0" stroke="#fff" strokeWidth="2" fill="none" />
          </svg>
          <span>{config.brandName}</span>
        </a>
        {items.length > 1 && (
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={open}
            aria-controls="menu-principal"
            onClick={() => setOpen((v) => !v)}
          >
            <span className="visually-hidden">
              {open ? LAYOUT_COPY.encabezado.cerrarMenu : LAYOUT_COPY.encabezado.abrirMenu}
            </span>
            <StaticHtml as="span">{menuIcon && <menuIcon.MenuIcon />}</StaticHtml>
          </button>
        )}
        {/* The reduced menu's one link stays in sight on phones: no toggle to open it. */}
        <nav
          aria-label={LAYOUT_COPY.encabezado.menuPrincipal}
          className={items.length > 1 ? undefined : 'menu-reduced'}
        >
          <ul id="menu-principal" className={open ? 'menu menu-open' : 'menu'}>
            {items.map((item) => (
              <li key={item.label}>
                <a
                  href={item.href}
                  {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  onClick={() => setOpen(false)}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
