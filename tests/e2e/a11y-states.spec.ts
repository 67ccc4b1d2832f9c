import type { Page } from '@playwright/test';
import { FAKE_BUTTON_LABEL, installFakePayPal } from './support/fake-paypal';
import { VIEWPORTS, expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';
import { expect, test } from './support/test';
import { fields, openWizard } from './registro-helpers';

/**
 * Axe (zero violations of any impact) and no sideways scroll in the states a plain page load does
 * not show: the contact step with its errors, the payment error, slide 2 of the app welcome, the
 * newsletter's warning and error, and the home page with the referral banner and an FAQ item open.
 */
// A page load and a whole-page axe run, which alone is slow on a busy machine
// (docs/performance.md, "Measurements behind the code").
test.describe.configure({ timeout: 60_000 });
const NEWSLETTER_ROUTE = '**/api/newsletter/';

async function expectClean(page: Page, what: string) {
  await expectNoAxeViolations(page, what);
  await expectNoHorizontalScroll(page, what);
}

async function openNewsletter(page: Page) {
  await page.goto('/blog');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const region = page.getByRole('region', { name: 'Recibe ideas para vender más' });
  await region.getByRole('textbox', { name: 'Tu correo electrónico' }).fill('ana@example.com');
  await region.getByRole('button', { name: 'Suscribirme' }).click();
  return region;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    const at = (state: string) => `${state} at ${viewport.width} px`;

    test('wizard contact step with invalid fields shown', async ({ page }) => {
      await openWizard(page);
      const f = fields(page);
      await f.pais.selectOption('AR');
      await f.nombreEmpresa.fill('   ');
      await f.whatsapp.fill('12');
      await f.email.fill('ana@');
      for (const field of [f.nombreEmpresa, f.nombre, f.apellido, f.whatsapp, f.email]) {
        await field.focus();
        await field.blur();
      }
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(5);
      await expectClean(page, at('contact step errors'));
    });

    test('payment error', async ({ page }) => {
      await installFakePayPal(page, { outcome: 'error' });
      await page.goto('/pagos?cliente=kiosco');
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await page.getByRole('button', { name: FAKE_BUTTON_LABEL }).click();
      await expect(page.getByRole('heading', { name: 'No pudimos procesar el pago' })).toBeVisible();
      await expectClean(page, at('payment error'));
    });

    test('newsletter warning', async ({ page }) => {
      await page.route(NEWSLETTER_ROUTE, (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ response: 'error', message: 'Ya estás en la lista.' }),
        }),
      );
      const region = await openNewsletter(page);
      await expect(region.locator('.notification--warning')).toContainText('Ya estás en la lista.');
      await expectClean(page, at('newsletter warning'));
    });

    test('newsletter error', async ({ page, hygiene }) => {
      hygiene.expectRequestFailure('/api/newsletter/');
      hygiene.expectConsole('Error al enviar la suscripción al boletín');
      await page.route(NEWSLETTER_ROUTE, (route) => route.abort('failed'));
      const region = await openNewsletter(page);
      await expect(region.getByRole('alert')).toContainText('No pudimos enviar la suscripción');
      await expectClean(page, at('newsletter error'));
    });

    test('home with the referral banner shown and an FAQ item open', async ({ page }) => {
      // The longest page of the site, checked whole by axe.
      test.slow();
      await page.route('**/api/public/cotizaciones/USD/*', (route) =>
        route.fulfill({ contentType: 'text/plain', body: '950' }),
      );
      await page.goto('/?cc=CL&ref=AMIGO-1');
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.getByRole('region', { name: 'Descuento por referido' })).toBeVisible();
      const item = page.locator('#faq .accordion-button').first();
      await item.click();
      await expect(item).toHaveAttribute('aria-expanded', 'true');
      await expectClean(page, at('referral banner and open FAQ item'));
    });
  });
}

test.describe('app welcome', () => {
  test.use({ viewport: VIEWPORTS[0], hasTouch: true, isMobile: true });

  test('slide 2', async ({ page }) => {
    await page.goto('/mobile/bienvenida');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByRole('button', { name: 'Entendido' }).click();
    await page.getByRole('button', { name: 'Comenzar' }).click();
    const slide2 = page.getByRole('group', { name: '2 de 2' });
    await expect(slide2).not.toHaveAttribute('inert');
    await expect(slide2).toBeInViewport({ ratio: 0.9 });
    await expectClean(page, 'app welcome slide 2 at 360 px');
  });
});
