/**
 * The script at the top of every page's <head>, inline (docs/first-seconds.md). It runs before the
 * browser has laid out any of the body, so before any link can be followed or any control pressed:
 * - it records the landing (campaign query string and referral code, spec section 5) with the
 *   domain's own rule, so a visitor who taps a link before the page's code runs still reaches
 *   /registro with the campaign;
 * - it marks a page whose address names an anchor (ANCHOR_LANDING_CLASS), and one whose visitor
 *   already acknowledged the cookie notice (COOKIES_ACKNOWLEDGED_CLASS): the notice is in the
 *   page's flow, so hiding it after the first paint would move the whole page;
 * - on the home page, it marks a page with an active referral code (REFERRAL_ACTIVE_CLASS): the
 *   strip's room at the top is kept from the first paint (session storage is opened only there);
 * - it holds presses until their code is in (early-presses.ts), and gives up holding, with a
 *   notice, if the page has not hydrated after PAGE_LOAD_NOTICE_MS;
 * - it holds what is typed into step 1 of the wizard until the page's code takes it, and puts it
 *   back after a reload (held-fields.ts).
 *
 * The build bundles and minifies it like any entry (scripts/inline-scripts.ts); the prerender
 * writes the built text into every page and its hash into routes-manifest.json, for the server's
 * Content-Security-Policy.
 */
import { LANDING_RULES } from '../domain/attribution';
import { PAGE_LOAD_NOTICE_MS } from '../domain/first-seconds';
import { recordLanding } from '../domain/landing';
import { COOKIE_NOTICE_KEY } from '../domain/constants';
import { HOME_PATHS } from '../content/home-paths';
import { ANCHOR_LANDING_CLASS, COOKIES_ACKNOWLEDGED_CLASS, REFERRAL_ACTIVE_CLASS } from './boot-script';
import { giveUpHolding, holdPresses } from './early-presses';
import { holdFields } from './held-fields';

if (location.hash.length > 1) document.documentElement.classList.add(ANCHOR_LANDING_CLASS);
try {
  if (document.cookie.split('; ').includes(`${COOKIE_NOTICE_KEY}=1`))
    document.documentElement.classList.add(COOKIES_ACKNOWLEDGED_CLASS);
} catch {
  // Cookies blocked: the notice shows, as to a first visit.
}
if (recordLanding(location.search, LANDING_RULES, HOME_PATHS.includes(location.pathname)))
  document.documentElement.classList.add(REFERRAL_ACTIVE_CLASS);
holdPresses();
holdFields();
setTimeout(giveUpHolding, PAGE_LOAD_NOTICE_MS);
