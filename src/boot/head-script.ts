/**
 * The inline script at the top of every page's <head>. It runs before the browser has laid out
 * any of the body, so before any link can be followed or any control pressed:
 * - it records the landing (campaign query string and referral code, spec section 5) with the
 *   domain's own functions (src/domain/landing.ts), so a visitor who taps a link before the page's
 *   code runs still reaches /registro with the campaign;
 * - it marks a page whose address names an anchor (ANCHOR_LANDING_CLASS);
 * - it holds presses until the page has hydrated (early-presses.ts).
 *
 * The text is made by the prerender (scripts/prerender.ts), which also writes its hash to
 * routes-manifest.json for the server's Content-Security-Policy: the functions are serialized
 * with Function.prototype.toString, whose text depends on the compiler that loaded them, so the
 * hash is taken once, from the text the pages carry.
 */
import { LANDING_RULES } from '../domain/attribution';
import { LANDING_FUNCTIONS } from '../domain/landing';
import { EARLY_PRESSES_KEY, HELD_ATTRIBUTE, holdEarlyPresses, PRESSABLE } from './early-presses';

/**
 * Set on <html> when the page's address names an anchor (/#planes from another page's menu): every
 * part of the page is then drawn from the start (styles.css), so the browser places the anchor by
 * real heights, not by the guessed heights of parts it has not drawn yet.
 */
export const ANCHOR_LANDING_CLASS = 'to-anchor';

const args = (...values: unknown[]) => values.map((value) => JSON.stringify(value)).join(',');

export const HEAD_SCRIPT =
  '(()=>{' +
  `location.hash.length>1&&document.documentElement.classList.add(${args(ANCHOR_LANDING_CLASS)});` +
  LANDING_FUNCTIONS.map(String).join('') +
  `recordLanding(location.search,${args(LANDING_RULES)});` +
  `(${String(holdEarlyPresses)})(${args(PRESSABLE, EARLY_PRESSES_KEY, HELD_ATTRIBUTE)})` +
  '})()';
