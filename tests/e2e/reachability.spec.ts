import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, type Hygiene } from './support/test';
import { installFakePayPal } from './support/fake-paypal';
import {
  HEADINGS,
  choose,
  contactFor,
  expectStep,
  fillContact,
  nextButton,
  uniqueName,
} from './registro-helpers';
import { COOKIE_NOTICE_KEY } from '../../src/domain/constants';

/*
 * Every visible link, button and field of every page can be reached and pressed: for each route of
 * the sitemap the build wrote, the wizard's five steps, /pagos with an order, the welcome page and
 * the not-found page, at three phone sizes and a desktop, on a first visit (cookie notice showing)
 * and a returning one, and on the home page with a referral code (its strip showing).
 *
 * A control is "visible" unless it is hidden on purpose (display none, visibility hidden, opacity 0,
 * `hidden`, aria-hidden, inert, a closed menu or collapsed panel, zero size), and a link that sits
 * off the page until focused (the skip link) counts only if focus brings it in. First, as the page
 * loads, every control in the first screen must be pressable where it shows (nothing that shows at
 * load, the cookie notice or the floating button, lies over it). Then each one is brought
 * into view the way keyboard focus does it (nearest edge, honouring scroll-padding), must then lie
 * within the viewport, and `elementFromPoint` at its centre must be the control, inside it, or its
 * own label: nothing fixed (the floating button) or laid over it covers it.
 * The page itself must not scroll sideways. Every failure is listed, with state, size and control.
 */

const SIZES = [
  { width: 360, height: 640 },
  { width: 360, height: 740 },
  { width: 412, height: 915 },
  { width: 1280, height: 800 },
] as const;
type Size = (typeof SIZES)[number];

const REFERRAL_CODE = 'AMIGO25';
const NOT_FOUND = '/no-existe';

/** The public routes the build listed in its sitemap, as paths. */
function sitemapPaths(): string[] {
  const xml = readFileSync('dist/client/sitemap.xml', 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/').pathname);
}

interface Visit {
  /** How a failure names the state: the path, plus what is showing. */
  label: string;
  open(page: Page): Promise<void>;
}

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

function plainVisit(path: string): Visit {
  return {
    label: path,
    open: async (page) => {
      await page.goto(path);
      await hydrated(page);
    },
  };
}

/** The page's controls that fail the check, each as one line, and how many were checked (run inside the page). */
function findProblems(): { problems: string[]; checked: number } {
  const problems: string[] = [];
  const root = document.documentElement;
  // Parts drawn only near the viewport (content-visibility: auto) are hit-tested only after the next
  // frame; drawing them all at once gives each the layout it has once the visitor scrolls to it.
  const style = document.createElement('style');
  style.textContent = '*{content-visibility:visible!important;scroll-behavior:auto!important}';
  document.head.append(style);
  const x0 = window.scrollX;
  const y0 = window.scrollY;

  const nameOf = (el: Element): string => {
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled
      ? labelled
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : '';
    const labels = 'labels' in el ? [...((el as HTMLInputElement).labels ?? [])] : [];
    const name =
      el.getAttribute('aria-label') ??
      (byId ||
        labels.map((l) => l.textContent).join(' ') ||
        el.textContent ||
        el.getAttribute('title') ||
        el.querySelector('[aria-label], img[alt]')?.getAttribute('aria-label') ||
        el.querySelector('img[alt]')?.getAttribute('alt') ||
        el.getAttribute('name') ||
        '');
    const text = name.replace(/\s+/g, ' ').trim().slice(0, 50);
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    return `${role} "${text}"`;
  };
  const whatIs = (el: Element | null): string => {
    if (!el) return 'nothing';
    const part = el.closest(
      '.cookie-notice, .referral-banner, .whatsapp-float, .site-header, .site-footer, [role="dialog"], section, main',
    );
    const of = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.classList.length ? `.${[...e.classList].join('.')}` : ''}`;
    return part && part !== el ? `${of(part)} (${of(el)})` : of(el);
  };

  if (root.scrollWidth > root.clientWidth + 1) {
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 3)
      .map(whatIs);
    problems.push(`the page scrolls sideways (${root.scrollWidth} px wide): ${wide.join(', ')}`);
  }

  // A link that wraps over two lines is pressed on one of its lines, not between them.
  const pressPoint = (el: Element) => {
    const r =
      [...el.getClientRects()].find((rect) => rect.width >= 2 && rect.height >= 2) ??
      el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  const inViewport = ({ x, y }: { x: number; y: number }) =>
    x >= 0 && y >= 0 && x < root.clientWidth && y < window.innerHeight;
  const pressable = (el: HTMLElement, { x, y }: { x: number; y: number }) => {
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return null;
    const labels = 'labels' in el ? [...((el as HTMLInputElement).labels ?? [])] : [];
    if (hit && labels.some((l) => l === hit || l.contains(hit))) return null;
    return hit;
  };

  const controls = [
    ...document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])',
    ),
  ].filter((el) => {
    if (el.closest('[aria-hidden="true"], [inert], [hidden]')) return false;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const box = el.getBoundingClientRect();
    // A field drawn by its label (a visually hidden radio or checkbox) is pressed through the label.
    if (
      (box.width < 2 || box.height < 2) &&
      'labels' in el &&
      ((el as HTMLInputElement).labels?.length ?? 0) > 0
    )
      return false;
    return box.width > 0 && box.height > 0;
  });

  // The first screen as it loads: what shows there can be pressed where it shows.
  for (const el of controls) {
    const point = pressPoint(el);
    if (!inViewport(point)) continue;
    const cover = pressable(el, point);
    if (cover) problems.push(`${nameOf(el)} is covered in the first screen by ${whatIs(cover)}`);
  }

  for (const el of controls) {
    let box = el.getBoundingClientRect();
    const left = box.left + window.scrollX;
    const top = box.top + window.scrollY;
    if (left + box.width <= 0 || top + box.height <= 0 || left >= root.scrollWidth) {
      // Off the page: fine only for what focus brings in (a skip link).
      el.focus({ preventScroll: true });
      box = el.getBoundingClientRect();
      const shown = box.right > 0 && box.bottom + window.scrollY > 0;
      el.blur();
      if (!shown) problems.push(`${nameOf(el)} is off the page (out of reach)`);
      continue;
    }
    el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    const point = pressPoint(el);
    if (!inViewport(point)) {
      problems.push(
        `${nameOf(el)} cannot be scrolled into view (centre at ${Math.round(point.x)}, ${Math.round(point.y)})`,
      );
      continue;
    }
    const cover = pressable(el, point);
    if (cover) problems.push(`${nameOf(el)} is covered by ${whatIs(cover)}`);
  }
  style.remove();
  window.scrollTo({ left: x0, top: y0, behavior: 'instant' });
  return { problems, checked: controls.length };
}

async function check(page: Page, where: string, failures: string[]): Promise<void> {
  const { problems, checked } = await page.evaluate(findProblems);
  for (const p of problems) failures.push(`${where}: ${p}`);
  if (checked < 3) failures.push(`${where}: only ${checked} controls found (did the page render?)`);
}

async function sizedContext(browser: Browser, size: Size, baseURL: string, hygiene: Hygiene) {
  const phone = size.width < 1000;
  const context = await browser.newContext({
    baseURL,
    viewport: size,
    locale: 'es-AR',
    isMobile: phone,
    hasTouch: phone,
  });
  await hygiene.watch(context);
  return context;
}

/** /registro from its first step to the thanks, each of the five steps checked as it shows. */
async function checkWizard(page: Page, where: string, failures: string[]): Promise<void> {
  await page.goto('/registro');
  await hydrated(page);
  await expectStep(page, 'contact');
  await check(page, `${where} /registro (paso 1)`, failures);
  await fillContact(page, contactFor(uniqueName('alcance')));
  await nextButton(page).click();
  await expectStep(page, 'situation');
  await check(page, `${where} /registro (paso 2)`, failures);
  await choose(page, 'Quiero conseguir más clientes');
  await expectStep(page, 'category');
  await check(page, `${where} /registro (paso 3)`, failures);
  await choose(page, 'Gastronomía');
  await expectStep(page, 'sector');
  await check(page, `${where} /registro (paso 4)`, failures);
  await choose(page, 'Heladería');
  await expect(page.getByRole('heading', { level: 2, name: HEADINGS.thanks })).toBeVisible();
  await check(page, `${where} /registro (paso 5)`, failures);
}

async function checkAll(context: BrowserContext, size: Size, failures: string[]): Promise<void> {
  const page = await context.newPage();
  await installFakePayPal(page);
  const visits: Visit[] = [
    ...sitemapPaths()
      .filter((path) => path !== '/registro')
      .map(plainVisit),
    plainVisit('/pagos?cliente=mi-tienda&cliente=otra-tienda'),
    plainVisit('/bienvenido?skipRedirect'),
    plainVisit(NOT_FOUND),
  ];
  const sizeName = `${size.width}x${size.height}`;
  for (const firstVisit of [true, false]) {
    await context.clearCookies();
    if (!firstVisit) await context.addCookies([{ name: COOKIE_NOTICE_KEY, value: '1', url: page.url() }]);
    const where = `${sizeName}${firstVisit ? ' con aviso de cookies' : ''}`;
    for (const visit of visits) {
      await visit.open(page);
      if (firstVisit) await expect(page.locator('.cookie-notice')).toBeVisible();
      await check(page, `${where} ${visit.label}`, failures);
    }
    await checkWizard(page, where, failures);
    // The referral strip (home page only), checked while it shows.
    await page.goto(`/?ref=${REFERRAL_CODE}`);
    await expect(page.locator('[data-referral-banner="visible"]')).toBeAttached();
    await check(page, `${where} /?ref=${REFERRAL_CODE} (franja de referido)`, failures);
    await expect(
      page.locator('[data-referral-banner="visible"]'),
      'the strip outlived the check',
    ).toBeAttached();
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
  }
  await page.close();
}

test.describe('every control of every page is within reach and uncovered', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ expectedRequestFailures: [NOT_FOUND] });
  for (const size of SIZES) {
    test(`${size.width}x${size.height}`, async ({ browser, baseURL, hygiene }) => {
      const context = await sizedContext(browser, size, baseURL ?? '', hygiene);
      const failures: string[] = [];
      try {
        await checkAll(context, size, failures);
      } finally {
        await context.close();
      }
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});
