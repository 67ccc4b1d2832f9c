import { useEffect } from 'react';

/**
 * Sends 'redirect.abort' when the page is shown again from the back/forward cache after a
 * redirect, so the machine leaves its redirecting state (welcome and app welcome pages).
 */
export function useAbortRedirectOnReturn(actor: { send: (event: { type: 'redirect.abort' }) => void }) {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) actor.send({ type: 'redirect.abort' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [actor]);
}
