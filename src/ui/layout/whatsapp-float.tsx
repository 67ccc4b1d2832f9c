import { whatsappLink } from '../../config';
import { LAYOUT_COPY } from '../../content/layout';
import type { PageMeta } from '../../content/pages';
import { WHITE_LABEL_CALL_MESSAGE } from '../../content/white-label-chat';
import { useHydrated } from '../hooks/use-hydrated';

type Target = Exclude<NonNullable<PageMeta['whatsappFloat']>, 'none'>;

const LINKS: Readonly<Record<Target, { href: string; label: string; external: boolean }>> = {
  signUp: { href: '/registro', label: LAYOUT_COPY.botonWhatsapp.registro, external: false },
  whiteLabelChat: {
    href: whatsappLink(WHITE_LABEL_CALL_MESSAGE),
    label: LAYOUT_COPY.botonWhatsapp.marcaBlanca,
    external: true,
  },
};

/**
 * Floating WhatsApp button: it leads to the sign-up page (spec section 2), or on the white-label
 * page to the resellers' chat. It appears after hydration, in its place at the bottom right corner
 * (the page keeps room at its end and for keyboard focus: --floating-reserve in styles.css).
 */
export function WhatsappFloat({ target }: { target: Target }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const link = LINKS[target];
  return (
    <aside aria-label={LAYOUT_COPY.botonWhatsapp.region}>
      <a
        className="whatsapp-float"
        href={link.href}
        aria-label={link.label}
        {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .1-1.3c0-.1-.2-.2-.5-.3Z"
          />
        </svg>
      </a>
    </aside>
  );
}
