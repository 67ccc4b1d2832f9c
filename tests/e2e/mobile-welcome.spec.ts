import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/test';
import { axeBuilder } from './support/page-checks';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium';
import { REGISTRATION_ORIGIN } from './support/exits';

// The admin host of the configuration defaults (src/config, VITE_ADMIN_HOST).
const ADMIN_ORIGIN = 'https://admin.mitienda.example';
const TRIAL_URL = `${REGISTRATION_ORIGIN}/?origen=apk`;
const ADMIN_URL = `${ADMIN_ORIGIN}/?origen=apk`;

const chromium = findChromium()?.path;
test.use({
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
  // Playwright turns the back/forward cache off by default; the return test needs the real one.
  launchOptions: {
    ...(chromium ? { executablePath: chromium } : {}),
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
});

/**
 * Records every navigation to the two hosts and answers it with a page (`land`) or with 204 No
 * Content, which cancels the navigation so the welcome can still be checked while it redirects.
 */
async function interceptExits(page: Page, { land }: { land: boolean }) {
  const exits: string[] = [];
  await page.route(
    (url) => url.origin === REGISTRATION_ORIGIN || url.origin === ADMIN_ORIGIN,
    (route: Route) => {
      exits.push(route.request().url());
      return land
        ? route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Fuera</title><p>Fuera</p>' })
        : route.fulfill({ status: 204 });
    },
  );
  return exits;
}

async function open(page: Page) {
  await page.goto('/mobile/bienvenida');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'Entendido' }).click();
}

const slide = (page: Page, n: 1 | 2) => page.getByRole('group', { name: `${n} de 2` });

async function expectSlide(page: Page, n: 1 | 2) {
  const other = n === 1 ? 2 : 1;
  await expect(slide(page, n)).not.toHaveAttribute('inert');
  await expect(slide(page, other)).toHaveAttribute('inert');
  await expect(slide(page, n)).toBeInViewport({ ratio: 0.9 });
  await expect(slide(page, other)).not.toBeInViewport();
}

/** A one-finger horizontal swipe at the height of `startOn`, from `fromX` to `toX`. */
async function swipe(page: Page, startOn: string, fromX: number, toX: number) {
  const box = await page.locator(startOn).boundingBox();
  if (!box) throw new Error(`nothing to swipe on: ${startOn}`);
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
  for (let i = 1; i <= 12; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: fromX + ((toX - fromX) * i) / 12, y }],
    });
    // eslint-disable-next-line no-restricted-properties -- a finger's speed: moves spread over 300 ms.
    await page.waitForTimeout(25);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Every control of a slide, read where a finger lands: its box inside the viewport, and the element
 * at its centre the control itself (nothing on top of it). Sideways phones may scroll inside the
 * slide to reach one (issue 27); the screen itself never scrolls.
 */
async function expectControlsInSight(page: Page, names: readonly string[], where: string) {
  const landscape = await page.evaluate(() => innerWidth > innerHeight);
  for (const name of names) {
    const control = page.getByRole('button', { name, exact: true });
    const seen = await control.evaluate((el, inSlide) => {
      if (inSlide) el.scrollIntoView({ block: 'nearest' });
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return {
        inside: box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth,
        onTop: hit !== null && (hit === el || el.contains(hit)),
        screenScrolled: window.scrollY,
      };
    }, landscape);
    expect(seen, `${where}: ${name}`).toEqual({ inside: true, onTop: true, screenScrolled: 0 });
  }
}

const SCREENS_DIR = 'test-results/screens';

const PHONES = [
  { width: 360, height: 640 },
  { width: 360, height: 740 },
  { width: 360, height: 800 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
  { width: 740, height: 360 },
];

test.describe('/mobile/bienvenida at every common phone size', () => {
  for (const viewport of PHONES) {
    for (const notice of [true, false]) {
      const size = `${viewport.width}x${viewport.height}`;
      test(`${size} ${notice ? 'with' : 'without'} the cookie notice: every control in sight and on top`, async ({
        page,
        context,
        baseURL,
      }) => {
        await page.setViewportSize(viewport);
        if (!notice)
          await context.addCookies([{ name: 'cookie_notice_ack', value: '1', url: baseURL ?? '' }]);
        await page.goto('/mobile/bienvenida');
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        const strip = page.getByRole('region', { name: 'Aviso de cookies' });
        await expect(strip).toHaveCount(notice ? 1 : 0);
        const noticeControls = notice ? ['Entendido'] : [];
        await expect(page.locator('.top-bar')).toBeHidden();

        // What a first visit sees on the usual phone, kept for a look (test-results/ is not committed).
        const shot = size === '360x740' && notice ? `${SCREENS_DIR}/mobile-bienvenida-${size}` : null;

        await expectControlsInSight(page, ['Comenzar', ...noticeControls], `${size} slide 1`);
        if (shot) await page.screenshot({ path: `${shot}-diapositiva-1.png` });
        await page.getByRole('button', { name: 'Comenzar' }).click();
        await expectSlide(page, 2);
        await expectControlsInSight(
          page,
          ['Iniciar Prueba Gratis', 'Ya Tengo Cuenta', 'Volver', ...noticeControls],
          `${size} slide 2`,
        );
        if (shot) await page.screenshot({ path: `${shot}-diapositiva-2.png` });
      });
    }
  }
});

test.describe('/mobile/bienvenida', () => {
  test('slide 1 welcomes and starts; slide 2 lists the benefits and both buttons', async ({ page }) => {
    await open(page);
    await expectSlide(page, 1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenido');
    await expect(slide(page, 1)).toContainText('Tu tienda online y tus pedidos, en tu celular.');
    await expect(page.locator('.whatsapp-float')).toBeHidden();

    await slide(page, 1).getByRole('button', { name: 'Comenzar' }).click();
    await expectSlide(page, 2);
    await expect(slide(page, 2)).toBeFocused();
    await expect(slide(page, 2).getByRole('heading', { level: 2 })).toHaveText(
      'Todo para vender desde tu celular',
    );
    const benefits = slide(page, 2).getByRole('listitem');
    await expect(benefits).toHaveCount(4);
    await expect(benefits.first()).toContainText('0 % de comisión');
    for (const name of ['Iniciar Prueba Gratis', 'Ya Tengo Cuenta']) {
      const button = slide(page, 2).getByRole('button', { name });
      await expect(button).toBeEnabled();
      await expect(button).toBeInViewport();
    }

    const axe = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'best-practice']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await slide(page, 2).getByRole('button', { name: 'Volver' }).click();
    await expectSlide(page, 1);
    // An app-like screen: nothing wider than the phone, and the start button on the first screen.
    expect(await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([
      360, 360,
    ]);
    await expect(slide(page, 1).getByRole('button', { name: 'Comenzar' })).toBeInViewport();
  });

  test("'Iniciar Prueba Gratis' shows a spinner and goes to the registration host with origen=apk", async ({
    page,
  }) => {
    const exits = await interceptExits(page, { land: false });
    await open(page);
    await page.getByRole('button', { name: 'Comenzar' }).click();
    const trial = page.getByRole('button', { name: 'Iniciar Prueba Gratis' });
    await trial.click();
    await expect.poll(() => exits).toEqual([TRIAL_URL]);
    await expect(trial).toHaveAttribute('aria-busy', 'true');
    await expect(trial.locator('.spinner')).toBeVisible();
    await expect(trial).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Ya Tengo Cuenta' })).toBeDisabled();
    await expect(page.getByRole('status')).toHaveText('Te estamos redirigiendo...');
  });

  for (const { name, target } of [
    { name: 'Iniciar Prueba Gratis', target: TRIAL_URL },
    { name: 'Ya Tengo Cuenta', target: ADMIN_URL },
  ]) {
    test(`'${name}' lands on ${target}`, async ({ page }) => {
      const exits = await interceptExits(page, { land: true });
      await open(page);
      await page.getByRole('button', { name: 'Comenzar' }).click();
      await page.getByRole('button', { name }).click();
      await page.waitForURL(target);
      expect(exits).toEqual([target]);
    });
  }

  test('a swipe moves between the slides; Swiper loads only on the first press', async ({ page }) => {
    const swiperRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/swiper/.test(request.url())) swiperRequests.push(request.url());
    });
    await open(page);
    await page.waitForLoadState('networkidle');
    expect(swiperRequests).toEqual([]);

    // The very first swipe works, even though Swiper starts loading with it.
    await swipe(page, '.mobile-lead', 320, 30);
    await expectSlide(page, 2);
    expect(swiperRequests.length).toBeGreaterThan(0);

    await swipe(page, '.mobile-benefits li:first-child', 30, 330);
    await expectSlide(page, 1);
    await swipe(page, '.mobile-lead', 320, 30);
    await expectSlide(page, 2);
  });

  test('a swipe made while Swiper is still loading counts; Swiper then starts on that slide', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/swiper-slides-/, async (route) => {
      await held;
      await route.continue();
    });
    await open(page);
    await swipe(page, '.mobile-lead', 320, 30);
    await expectSlide(page, 2);
    release();
    await expect(page.locator('.mobile-slides.swiper-initialized')).toHaveCount(1);
    await expectSlide(page, 2);
    await swipe(page, '.mobile-benefits li:first-child', 30, 330);
    await expectSlide(page, 1);
  });

  test('while redirecting, a swipe back is refused and slide 2 stays', async ({ page }) => {
    await interceptExits(page, { land: false });
    await open(page);
    await swipe(page, '.mobile-lead', 320, 30);
    await expectSlide(page, 2);
    await page.getByRole('button', { name: 'Ya Tengo Cuenta' }).click();
    await expect(page.getByRole('status')).toHaveText('Te estamos redirigiendo...');
    await swipe(page, '.mobile-benefits li:first-child', 30, 330);
    await expectSlide(page, 2);
    await expect(page.getByRole('status')).toHaveText('Te estamos redirigiendo...');
  });

  test('the prerendered page already has both slides and buttons', async ({ request }) => {
    const html = await (await request.get('/mobile/bienvenida')).text();
    for (const text of ['Bienvenido', 'Comenzar', 'Iniciar Prueba Gratis', 'Ya Tengo Cuenta'])
      expect(html).toContain(text);
  });

  test.describe('back/forward cache', () => {
    test('coming back from the admin host shows slide 2 again, without the spinner', async ({ page }) => {
      await interceptExits(page, { land: true });
      await open(page);
      await page.getByRole('button', { name: 'Comenzar' }).click();
      // A mark on the document: it is still there only if the page comes back from the cache.
      await page.evaluate(() => document.documentElement.setAttribute('data-before-leaving', ''));
      await page.getByRole('button', { name: 'Ya Tengo Cuenta' }).click();
      await page.waitForURL(ADMIN_URL);
      await page.goBack({ waitUntil: 'commit' });
      await expect(page).toHaveURL(/\/mobile\/bienvenida$/);
      await expect(page.locator('html')).toHaveAttribute('data-before-leaving', '');
      await expectSlide(page, 2);
      await expect(page.getByRole('button', { name: 'Ya Tengo Cuenta' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Ya Tengo Cuenta' })).not.toHaveAttribute(
        'aria-busy',
        'true',
      );
      await expect(page.getByRole('status')).toHaveText('');
    });
  });
});
