/**
 * The notice of a page whose code never ran: scripts disabled or blocked, or not arrived
 * PAGE_LOAD_NOTICE_MS after the first byte (docs/first-seconds.md). The prerender writes it once,
 * in a `<noscript>` at the top of the body: a browser without scripts shows it as it is, and with
 * scripts on the `<noscript>`'s content is plain text, which showNotLoadedNotice() turns into the
 * same notice when the page gives up waiting. Outside the app's root: hydration never sees it.
 */
import { NOT_LOADED_COPY } from '../content/first-seconds';

/** The `<noscript>`'s id. */
export const NOT_LOADED_ID = 'no-cargo';

/** The notice's class (styles.css: a strip held at the top; the phone menu drawn open meanwhile). */
export const NOT_LOADED_CLASS = 'not-loaded';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The `<noscript>` with the notice. `chatLink` is the site's WhatsApp link (whatsappLink() with
 * the layout's contact message). The reload link is the page's own address (`href=""`: with its
 * query string, so a campaign link stays one).
 */
export function notLoadedMarkup(chatLink: string): string {
  const c = NOT_LOADED_COPY;
  const notice =
    `<div class="${NOT_LOADED_CLASS}" role="alert">${escapeHtml(c.texto)}<a href="">${escapeHtml(c.recargar)}</a>` +
    `${escapeHtml(c.o)}<a href="${escapeHtml(chatLink)}">${escapeHtml(c.whatsapp)}</a>${escapeHtml(c.fin)}</div>`;
  return `<noscript id="${NOT_LOADED_ID}">${notice}</noscript>`;
}

/** Shows the notice from its `<noscript>`'s text (once: giveUpHolding runs once). */
export function showNotLoadedNotice(): void {
  const source = document.getElementById(NOT_LOADED_ID);
  source?.insertAdjacentHTML('afterend', source.textContent as string);
}

/** Takes the notice away: the page's code arrived after all. */
export function hideNotLoadedNotice(): void {
  document.querySelector(`.${NOT_LOADED_CLASS}`)?.remove();
}
