/**
 * Every refusal has a way forward: a product owner who only clicks walks the main paths of every
 * flow of the catalogue in the explorer, from the start to each of their ends, at 1366×768,
 * without typing anything. Where a rule refuses a value (an e-mail, an order's reference, a
 * country, a category, the browser's check of a form), the ready-made correction beside the
 * refusal ('Corregir …') gets past it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { flows } from '../../workbench/catalogue';
import { serveFlowCounts } from './support/flow-counts';
import { axeBuilder } from './support/page-checks';
import { clickStep, contextValue, expectActive, openFlow, panels, simButton, undo } from './support/explorer';

test.use({ viewport: { width: 1366, height: 768 } });

test.beforeEach(async ({ page }) => {
  await serveFlowCounts(page);
});

/**
 * No axe violation in the simulation's panel, where the refusals and their corrections are. (The
 * whole page is not checked here: after eight steps or so the step log scrolls, and a scrolling
 * list with nothing focusable in it is a violation of its own, not of the corrections.)
 */
async function expectSimPanelAccessible(page: Page, what: string) {
  const results = await axeBuilder(page)
    .include('.sim-panel')
    .withTags(['wcag2a', 'wcag2aa', 'best-practice'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe: ${what}`,
  ).toEqual([]);
}

/** What the page shows after a rule sent the last step the other way, and its corrections. */
const lastStepRefusal = (page: Page) => panels(page).locator('.fallback-refusal');

/** Step 1's fields with the model's samples, one click each (the e-mail apart). */
async function fillContactButEmail(page: Page) {
  for (const field of ['nombreEmpresa', 'nombre', 'apellido', 'pais', 'whatsapp'])
    await clickStep(
      page,
      new RegExp(
        `contact\\.change \\(el dato que cambia field: [^,]*\\b${field}, el valor nuevo.* value: (?!XX\\))`,
      ),
    );
}

/** Situation, category and sector chosen, each followed by the next step: the thanks step. */
async function stepsToThanks(page: Page) {
  for (const [select, next] of [
    [/situation\.select/, 'leadWizard.steps.category'],
    [/category\.select/, 'leadWizard.steps.sector'],
    [/sector\.select/, 'leadWizard.steps.thanks'],
  ] as const) {
    await clickStep(page, select);
    await clickStep(page, /step\.next/);
    await expectActive(page, next);
  }
}

type Walk = (page: Page) => Promise<void>;

/** Each flow's main paths, by what they walk. */
const walks: Record<string, Record<string, Walk>> = {
  'lead-wizard': {
    'contact with an e-mail the rules refuse, corrected by a click, the five steps to the demo': async (
      page,
    ) => {
      await openFlow(page, '#/lead-wizard');
      await fillContactButEmail(page);
      await clickStep(
        page,
        /contact\.change \(el dato que cambia field: e-mail email, .* value: ana@ejemplo\)/,
      );
      await clickStep(page, /contact\.submit/);
      await expectActive(page, 'leadWizard.steps.contact.validating');
      const rules = simButton(page, /^Responde con las reglas del prospecto/);
      await expect(rules).toContainText('El e-mail no es válido');
      await clickStep(page, /^Responde con las reglas del prospecto/);
      await expectActive(page, 'leadWizard.steps.contact.editing');
      await expect(lastStepRefusal(page)).toContainText('isContactValid');
      await expect(lastStepRefusal(page)).toContainText('email: «El e-mail no es válido');
      await expectSimPanelAccessible(page, 'a refused e-mail with its correction');
      await clickStep(page, /^Corregir el e-mail email: ana@ejemplo\.com contact\.change$/);
      await expect(contextValue(page, 'email')).toHaveText('«ana@ejemplo.com»');
      await expect(lastStepRefusal(page)).toHaveCount(0);
      // The field's message follows the same rules: nothing to correct now.
      await clickStep(page, /^Revisa el campo con las reglas del prospecto.*ningún dato a corregir/);
      await clickStep(page, /contact\.submit/);
      await clickStep(page, /^Responde con las reglas del prospecto.*ningún dato a corregir/);
      await expectActive(page, 'leadWizard.steps.contact.creating');
      await clickStep(page, /^Responde \(identificador del prospecto id: lead-42/);
      await expectActive(page, 'leadWizard.steps.situation');
      await stepsToThanks(page);
      await expectActive(page, 'leadWizard.steps.thanks.demo.offered');
      await clickStep(page, /demo\.visit/);
      await expectActive(page, 'leadWizard.steps.thanks.demo.visited');
    },
    'promotion mode with the bot check, straight through to the trial': async (page) => {
      await openFlow(page, '#/lead-wizard?caso=1');
      await fillContactButEmail(page);
      await clickStep(
        page,
        /contact\.change \(el dato que cambia field: e-mail email, .* value: ana@example\.com \)/,
      );
      await clickStep(page, /contact\.submit/);
      await clickStep(page, /^Responde con las reglas del prospecto.*ningún dato a corregir/);
      await expectActive(page, 'leadWizard.steps.contact.checkingBot');
      await clickStep(page, /^Responde \(bot-token-1\)/);
      await clickStep(page, /^Responde \(identificador del prospecto id: lead-42/);
      await stepsToThanks(page);
      await expectActive(page, 'leadWizard.steps.thanks.trial');
      await clickStep(page, /trial\.start/);
    },
  },

  welcome: {
    'the wait, the redirect, and back to stay': async (page) => {
      await openFlow(page, '#/welcome');
      await clickStep(page, /^Dejar pasar la espera de 2 s/);
      await expectActive(page, 'welcome.ready.redirecting');
      await clickStep(page, /redirect\.abort/);
      await expectActive(page, 'welcome.ready.staying');
    },
  },

  'referral-banner': {
    'the wait, the banner shown and applied': async (page) => {
      await openFlow(page, '#/referral-banner');
      await clickStep(page, /^Dejar pasar la espera .*showDelay/);
      await expectActive(page, 'referralBanner.visible');
      await clickStep(page, /banner\.apply/);
      await expectActive(page, 'referralBanner.dismissed');
    },
  },

  payment: {
    'a refused reference corrected by a click, to paid and to pending review': async (page) => {
      await openFlow(page, '#/payment');
      await clickStep(page, /^Responde$/);
      await clickStep(page, /buttons\.rendered/);
      await clickStep(page, /payment\.start/);
      await expectActive(page, 'payment.checkout.ready.paying');
      // A reference the guard refuses, and beside the refusal the one it accepts.
      const refused = panels(page).locator('li.refused').filter({ hasText: 'payment.approve' });
      await expect(
        refused.getByRole('button', {
          name: /payment\.approve \(la referencia del pedido aprobado orderId: "><img/,
        }),
      ).toBeDisabled();
      await expect(refused).toContainText('hasOrderId');
      await expectSimPanelAccessible(page, 'a refused reference with its correction');
      await refused
        .getByRole('button', {
          name: /^Corregir la referencia del pedido aprobado orderId: ORDER-1 payment\.approve$/,
        })
        .click();
      await expectActive(page, 'payment.checkout.capturing');
      await clickStep(page, /^Responde \(estado del cobro status: cobrado COMPLETED/);
      await expectActive(page, 'payment.paid');
      await undo(page);
      await clickStep(page, /^Responde \(estado del cobro status: en revisión PENDING/);
      await expectActive(page, 'payment.pendingReview');
    },
  },

  'mobile-slides': {
    'to the trial and to the account': async (page) => {
      await openFlow(page, '#/mobile-slides');
      await clickStep(page, /slide\.next/);
      await expectActive(page, 'mobileSlides.slide2');
      await clickStep(page, /trial\.start/);
      await expectActive(page, 'mobileSlides.redirecting.trial');
      await undo(page);
      await clickStep(page, /account\.open/);
      await expectActive(page, 'mobileSlides.redirecting.account');
    },
  },

  'country-prices': {
    'the rate, a refused country corrected by a click, the own domain': async (page) => {
      await openFlow(page, '#/country-prices');
      await expectActive(page, 'countryPrices.prices.loadingRate');
      await clickStep(page, /^Responde \(si el servidor la dio ok: sí, cotización del dólar rate: 3\.7\)/);
      await expectActive(page, 'countryPrices.prices.ready.regional');
      // A country not on the list is refused; beside it, the countries the guard accepts.
      const refused = panels(page).locator('li.refused').filter({ hasText: 'code: XX' });
      await expect(refused).toContainText('canChooseCountry');
      await refused
        .getByRole('button', {
          name: /^Corregir el país elegido \(su código\) code: México MX country\.change$/,
        })
        .click();
      await expect(contextValue(page, 'countryCode')).toHaveText('México MX');
      await clickStep(page, /^Responde \(si el servidor la dio ok: sí, cotización del dólar rate: 3\.7\)/);
      await expectActive(page, 'countryPrices.prices.ready.regional');
      await clickStep(page, /domain\.toggle/);
      await expectActive(page, 'countryPrices.domain.on');
    },
  },

  newsletter: {
    'a form the browser refuses, corrected by a click, to success': async (page) => {
      await openFlow(page, '#/newsletter');
      await clickStep(
        page,
        /form\.submit \(si la revisión del propio navegador lo da por válido passesBrowserCheck: no/,
      );
      await expectActive(page, 'newsletter.invalid');
      await expect(lastStepRefusal(page)).toContainText('passesBrowserCheck');
      await clickStep(
        page,
        /^Corregir si la revisión del propio navegador lo da por válido passesBrowserCheck: sí/,
      );
      await expectActive(page, 'newsletter.sending');
      await clickStep(
        page,
        /^Responde \(resultado response: suscripción confirmada success, mensaje del servidor message: ¡Listo!\)/,
      );
      await expectActive(page, 'newsletter.success');
    },
  },

  'blog-grid': {
    'more posts to the end, a refused category corrected by a click': async (page) => {
      await openFlow(page, '#/blog-grid');
      await expectActive(page, 'blogGrid.browsing');
      await clickStep(page, /posts\.more/);
      await expectActive(page, 'blogGrid.allShown.noMorePosts');
      await clickStep(page, /^Dejar pasar la espera .*noMorePostsFade/);
      await expectActive(page, 'blogGrid.allShown.faded');
      // A category without posts is refused; beside it, those the guard accepts.
      const refused = panels(page).locator('li.refused').filter({ hasText: 'category: Cocina' });
      await refused
        .getByRole('button', { name: /^Corregir la categoría elegida category: Instagram category\.select$/ })
        .click();
      await expectActive(page, 'blogGrid.allShown.fitted');
    },
  },

  notification: {
    'held, released and hidden after its time': async (page) => {
      await openFlow(page, '#/notification');
      await clickStep(page, /notification\.hold/);
      await expectActive(page, 'notification.visible.held');
      await clickStep(page, /notification\.release/);
      await clickStep(page, /^Dejar pasar la espera .*displayDelay/);
      await expectActive(page, 'notification.hidden');
    },
  },
};

test('every flow of the catalogue has its main paths walked here', () => {
  expect(Object.keys(walks).sort()).toEqual(flows.map((f) => f.slug).sort());
});

for (const flow of flows)
  for (const [name, walk] of Object.entries(walks[flow.slug] ?? {}))
    test(`${flow.slug}, clicks only: ${name}`, async ({ page }) => {
      await walk(page);
    });
