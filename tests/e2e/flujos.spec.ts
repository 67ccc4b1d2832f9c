import type { Locator, Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { wholeChart } from './support/explorer';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';
import { createActor } from 'xstate';
import { flows } from '../../workbench/catalogue';
import { flowName } from '@tienda/flow-workbench';
import { activeStateIds, allNodes, type Results } from '@tienda/flow-workbench/kit';
import { serveFlowCounts } from './support/flow-counts';

const state = (page: Page, id: string) => page.locator(`[data-state-id="${id}"]`);
const panels = (page: Page) => page.locator('.machine-panels');
const zoomOf = async (page: Page) =>
  Number(
    (
      await page.getByRole('status', { name: 'Zoom' }).or(page.locator('output.zoom')).first().textContent()
    )?.replace(/\D/g, ''),
  );

/** Every request that leaves the page's own origin. */
function watchOrigin(page: Page, origin: string): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:')) outside.push(url);
  });
  return outside;
}

/** A flow's page on its whole chart, nothing folded (./support/explorer.ts). */
async function open(page: Page, hash: string) {
  await page.goto(`/flujos/${wholeChart(hash)}`);
  await expect(page.locator('[data-state-id]').first()).toBeVisible();
}

/** A field of the machine's context as the Contexto panel shows it. */
function contextValue(page: Page, name: string): Locator {
  return page
    .getByRole('region', { name: 'Contexto' })
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
    .locator('dd');
}

/** The box of a state on the screen lies inside the diagram's viewport. */
async function inView(page: Page, id: string): Promise<boolean> {
  const viewport = await page.locator('.diagram-viewport').boundingBox();
  const box = await state(page, id).locator('rect.frame').boundingBox();
  if (!viewport || !box) return false;
  return (
    box.x >= viewport.x - 1 &&
    box.y >= viewport.y - 1 &&
    box.x + box.width <= viewport.x + viewport.width + 1 &&
    box.y + box.height <= viewport.y + viewport.height + 1
  );
}

// The pages ask for real visitors' counts: no visitor here (flujos-visitas.spec.ts tests them).
test.beforeEach(async ({ page }) => {
  await serveFlowCounts(page);
});

test('the index lists every machine of the catalogue, with its counts', async ({ page, baseURL }) => {
  const outside = watchOrigin(page, new URL(baseURL ?? '').origin);
  const response = await page.goto('/flujos/');
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flujos del sitio');
  for (const flow of flows) {
    const link = page.getByRole('link', { name: flowName(flow), exact: true });
    await expect(link).toHaveAttribute('href', `#/${flow.slug}`);
    const card = page.locator('article').filter({ has: link });
    await expect(card.getByText(`Máquina ${flow.machine.id}`)).toBeVisible();
    // The machine's name (the QA line below it may name a commit in code too).
    await expect(card.getByText(`Máquina ${flow.machine.id}`).locator('code[lang="en"]')).toHaveText(
      flow.machine.id,
    );
    // The root counts, as QA's browser run counts it.
    await expect(card.locator('dd').first()).toHaveText(String(allNodes(flow.machine.root).length));
  }
  expect(outside).toEqual([]);
});

for (const flow of flows) {
  test(`${flow.slug}: a node per state and the initial state active`, async ({ page }) => {
    await open(page, `#/${flow.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(flowName(flow));
    const ids = allNodes(flow.machine.root).map((n) => n.id);
    await expect(page.locator('[data-state-id]')).toHaveCount(ids.length);
    for (const id of ids) await expect(state(page, id)).toHaveCount(1);
    const initial = activeStateIds(createActor(flow.machine, { input: flow.exampleInput }).getSnapshot());
    for (const id of initial) await expect(state(page, id)).toHaveAttribute('data-active', 'true');
    await expect(page.locator('[data-active="true"]')).toHaveCount(initial.length);
  });
}

test('welcome: with skipRedirect, firing the 2000 ms delay reaches the ready state', async ({ page }) => {
  await open(page, '#/welcome');
  await page.getByLabel('Entrada').selectOption({ label: 'Caso: sin redirección, sin plan' });
  await expect(state(page, 'welcome.preparing')).toHaveAttribute('data-active', 'true');
  await page.getByRole('button', { name: /^Dejar pasar la espera de 2 s.*redirectDelay$/ }).click();
  await expect(state(page, 'welcome.ready')).toHaveAttribute('data-active', 'true');
  await expect(state(page, 'welcome.ready.staying')).toHaveAttribute('data-active', 'true');
  await expect(state(page, 'welcome.preparing')).not.toHaveAttribute('data-active', 'true');
});

/** The contact fields filled with the model's samples, one button per empty field, in order. */
async function fillContact(page: Page) {
  // The refused sample (an unknown country) stays on offer after every field is filled: the
  // machine takes it up to say why, but it fills nothing.
  const change = panels(page)
    .getByRole('button', { name: /contact\.change/, disabled: false })
    .filter({ hasNotText: 'value: XX' });
  for (let i = 0; i < 10 && (await change.count()) > 0; i++) {
    const name = (await change.first().textContent()) ?? '';
    await change.first().click();
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(change).toHaveCount(0);
}

/** Submits step 1: the prospect schema answers, then the create with the model's lead. */
async function submitAndCreate(page: Page) {
  await panels(page)
    .getByRole('button', { name: /contact\.submit/ })
    .click();
  await expect(state(page, 'leadWizard.steps.contact.validating')).toHaveAttribute('data-active', 'true');
  await panels(page)
    .getByRole('button', { name: /^Responde con las reglas del prospecto.*ningún dato a corregir/ })
    .click();
  await expect(state(page, 'leadWizard.steps.contact.creating')).toHaveAttribute('data-active', 'true');
  await panels(page)
    .getByRole('button', { name: /^Responde \(identificador del prospecto id: lead-42/ })
    .click();
  await expect(state(page, 'leadWizard.steps.situation')).toHaveAttribute('data-active', 'true');
}

async function fillContactAndCreate(page: Page) {
  await fillContact(page);
  await submitAndCreate(page);
}

/** Own values for an event's fields, sent when the machine accepts them. */
async function sendOwnValues(page: Page, values: Record<string, string>) {
  const own = panels(page)
    .locator('details.own-values')
    .filter({ hasText: 'Probar con tus propios valores' });
  if ((await own.getAttribute('open')) === null) await own.locator('summary').click();
  // Each field by its Spanish label, which ends with its code name; a field with a list is a choice.
  for (const [field, value] of Object.entries(values)) {
    const control = own.getByLabel(new RegExp(`\\b${field}$`));
    if ((await control.evaluate((el) => el.tagName)) === 'SELECT') await control.selectOption(value);
    else await control.fill(value);
  }
  await expect(own.getByText('La máquina lo acepta')).toBeVisible();
  await own.getByRole('button', { name: /^Enviar con estos valores/ }).click();
}

test('lead wizard: contact, create, situation, category and sector reach thanks; undo goes back one step', async ({
  page,
}) => {
  await open(page, '#/lead-wizard');
  await fillContactAndCreate(page);
  for (const [select, next] of [
    [/situation\.select/, 'leadWizard.steps.category'],
    [/category\.select/, 'leadWizard.steps.sector'],
    [/sector\.select/, 'leadWizard.steps.thanks'],
  ] as const) {
    await panels(page).getByRole('button', { name: select }).first().click();
    await panels(page)
      .getByRole('button', { name: /step\.next/ })
      .click();
    await expect(state(page, next)).toHaveAttribute('data-active', 'true');
  }
  await expect(state(page, 'leadWizard.steps.thanks.demo.offered')).toHaveAttribute('data-active', 'true');
  await expect(contextValue(page, 'leadId')).toHaveText('«lead-42»');
  await expect(page.getByRole('heading', { name: 'Registro', exact: true, level: 2 })).toBeVisible();
  // The view followed the machine: the active states of both regions are on the screen.
  await expect.poll(() => inView(page, 'leadWizard.steps.thanks.demo.offered')).toBe(true);

  await page.getByRole('button', { name: 'Deshacer' }).click();
  await expect(state(page, 'leadWizard.steps.sector')).toHaveAttribute('data-active', 'true');
  await expect(state(page, 'leadWizard.steps.thanks')).not.toHaveAttribute('data-active', 'true');
  // A value from a list by its meaning, its code name after it.
  await expect(contextValue(page, 'sector')).toHaveText('Pizzería pizzeria');
  await expect(contextValue(page, 'sector').locator('code[lang="en"]')).toHaveText('pizzeria');
});

test('a product owner walks the wizard from contact to thanks: a refused submit, then a wrong e-mail typed and refused by the rules', async ({
  page,
}) => {
  await open(page, '#/lead-wizard');
  // An empty form cannot be sent: the button is there, disabled, with the condition that fails.
  const submit = panels(page).getByRole('button', { name: /contact\.submit/ });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription(
    /No se acepta ahora porque no se cumple: «El nombre del negocio, el nombre, el apellido, el país y el WhatsApp no están vacíos/,
  );
  // A country not on the list is not kept, but the machine takes it up: the rules say why.
  await expect(
    panels(page).getByRole('button', {
      name: /contact\.change \(el dato que cambia field: país pais, .*value: XX\)/,
    }),
  ).toBeEnabled();

  await fillContact(page);
  await expect(submit).toBeEnabled();
  // One own value: an e-mail the rules refuse.
  await sendOwnValues(page, { field: 'email', value: 'ana@' });
  await expect(contextValue(page, 'email')).toHaveText('«ana@»');
  await submit.click();
  await expect(state(page, 'leadWizard.steps.contact.validating')).toHaveAttribute('data-active', 'true');
  const rules = panels(page).getByRole('button', { name: /^Responde con las reglas del prospecto/ });
  await expect(rules).toContainText('El e-mail no es válido');
  await rules.click();
  await expect(state(page, 'leadWizard.steps.contact.editing')).toHaveAttribute('data-active', 'true');
  await expect(contextValue(page, 'contactErrors')).toContainText('El e-mail no es válido');

  // Corrected, the same rules accept it and the lead is created.
  await sendOwnValues(page, { field: 'email', value: 'ana@example.com' });
  await submit.click();
  await expect(state(page, 'leadWizard.steps.contact.validating')).toHaveAttribute('data-active', 'true');
  await panels(page)
    .getByRole('button', { name: /^Responde con las reglas del prospecto.*ningún dato a corregir/ })
    .click();
  // An answer without an id leads to the failure: red, and it says so.
  const noId = panels(page).getByRole('button', { name: /^Responde \(sin datos\)/ });
  await expect(noId).toHaveClass(/to-failure/);
  await expect(noId).toContainText('lleva a una falla');
  await expect(
    panels(page).getByRole('button', { name: /^Responde \(identificador del prospecto id: lead-42/ }),
  ).not.toHaveClass(/to-failure/);
  await panels(page)
    .getByRole('button', { name: /^Responde \(identificador del prospecto id: lead-42/ })
    .click();
  for (const [select, next] of [
    [/situation\.select/, 'leadWizard.steps.category'],
    [/category\.select/, 'leadWizard.steps.sector'],
    [/sector\.select/, 'leadWizard.steps.thanks'],
  ] as const) {
    const nextButton = panels(page).getByRole('button', { name: /step\.next/ });
    // Nothing chosen yet: the next step is refused, and says why.
    await expect(nextButton).toBeDisabled();
    await panels(page).getByRole('button', { name: select, disabled: false }).first().click();
    await nextButton.click();
    await expect(state(page, next)).toHaveAttribute('data-active', 'true');
  }
  await expect(state(page, 'leadWizard.steps.thanks.demo.offered')).toHaveAttribute('data-active', 'true');
  await expect(contextValue(page, 'email')).toHaveText('«ana@example.com»');
  // The link keeps the own value as a step like any other.
  await expect
    .poll(() => page.evaluate(() => window.location.hash))
    .toContain('contact.change=(field:email,value:ana@);contact.submit');
});

test('payment: to the thanks and to the error; the answers the machine does not handle are not offered', async ({
  page,
}) => {
  await open(page, '#/payment?caso=0');
  const calls = panels(page).locator('.calls');
  await expect(calls.getByRole('button', { name: /^Falla/ })).toHaveClass(/to-failure/);
  await calls.getByRole('button', { name: /^Responde/ }).click();
  await expect(state(page, 'payment.checkout.rendering')).toHaveAttribute('data-active', 'true');
  // The buttons' call runs while they are shown: no answer of it is handled, none is offered.
  await expect(calls).toContainText('La máquina no espera una respuesta de esta llamada');
  await expect(calls.getByRole('button')).toHaveCount(0);
  await panels(page)
    .getByRole('button', { name: /buttons\.rendered/ })
    .click();
  await panels(page)
    .getByRole('button', { name: /payment\.start/ })
    .click();
  const error = panels(page).getByRole('button', { name: /payment\.error/ });
  await expect(error).toHaveClass(/to-failure/);
  await panels(page)
    .getByRole('button', { name: /payment\.approve \(la referencia del pedido aprobado orderId: ORDER-1\)/ })
    .click();
  await expect(state(page, 'payment.checkout.capturing')).toHaveAttribute('data-active', 'true');
  const declined = calls.getByRole('button', { name: /status: [^,]*DECLINED/ });
  await expect(declined).toHaveClass(/to-failure/);
  await expect(calls.getByRole('button', { name: /status: [^,]*COMPLETED/ })).not.toHaveClass(/to-failure/);
  // On the chart too: red by where an edge leads, not by its kind.
  const edge = (key: string) => page.locator(`.edge[data-transition="${key}"]`).first();
  await expect(edge('payment.checkout.capturing xstate.done.actor.captureOrder#2')).toHaveClass(/to-failure/);
  await expect(edge('payment.checkout.capturing xstate.done.actor.captureOrder#0')).not.toHaveClass(
    /to-failure/,
  );
  await expect(edge('payment.loadingSdk xstate.after.sdkLoadTimeout.payment.loadingSdk#0')).toHaveClass(
    /to-failure/,
  );

  await calls.getByRole('button', { name: /status: [^,]*COMPLETED/ }).click();
  await expect(state(page, 'payment.paid')).toHaveAttribute('data-active', 'true');
  await page.getByRole('button', { name: 'Deshacer' }).click();
  await expect(state(page, 'payment.checkout.capturing')).toHaveAttribute('data-active', 'true');
  await declined.click();
  await expect(state(page, 'payment.failed')).toHaveAttribute('data-active', 'true');
});

test('a machine stopped by an error nobody handles says so and where', async ({ page }) => {
  // Only a link can ask for it (the page offers no such answer): the buttons' call fails.
  await open(page, "#/payment?caso=0&pasos=responde:loadSdk;falla:paymentButtons='Los botones fallaron'");
  const stopped = panels(page).locator('.stopped');
  await expect(stopped).toContainText('La máquina se detuvo por un error que ningún estado atiende');
  await expect(stopped).toContainText('Los botones fallaron');
  await expect(stopped.getByText('Se detuvo en:')).toBeVisible();
  await expect(stopped).toContainText('checkout.rendering');
  await expect(page.getByRole('region', { name: 'Estado actual' })).toContainText(
    'La máquina se detuvo por un error en:',
  );
  await expect(state(page, 'payment.checkout.rendering')).toHaveAttribute('data-active', 'true');
  await expectNoAxeViolations(page, 'a stopped machine');
  await page.getByRole('button', { name: 'Deshacer' }).click();
  await expect(stopped).toHaveCount(0);
  await expect(state(page, 'payment.checkout.rendering')).toHaveAttribute('data-active', 'true');
});

test('welcome: in real time the 2000 ms wait passes on its own', async ({ page }) => {
  await open(page, '#/welcome');
  await page.getByLabel('Entrada').selectOption({ label: 'Caso: sin redirección, sin plan' });
  await expect(state(page, 'welcome.preparing')).toHaveAttribute('data-active', 'true');
  await page.getByLabel('Tiempo real: las esperas pasan solas').check();
  await expect(panels(page).getByText(/pasa sola en \d/)).toBeVisible();
  await expect(state(page, 'welcome.ready.staying')).toHaveAttribute('data-active', 'true', {
    timeout: 6000,
  });
  await expect(state(page, 'welcome.preparing')).not.toHaveAttribute('data-active', 'true');
  // The wait that passed is a step of the link, replayed like one fired by hand.
  await expect
    .poll(() => page.evaluate(() => window.location.hash))
    .toContain('pasos=espera:redirectDelay@preparing');
});

test('own values for the context: the machine goes on from the same states with the new data', async ({
  page,
}) => {
  await open(page, '#/lead-wizard');
  const form = panels(page).locator('details.own-values').filter({ hasText: 'Cambiar datos del contexto' });
  await form.locator('summary').click();
  await form.getByLabel('Dato').selectOption('promotionMode');
  await form.getByLabel('Valor').check();
  await form.getByRole('button', { name: 'Cambiar el dato' }).click();
  await expect(contextValue(page, 'promotionMode')).toHaveText('sí');
  await expect(state(page, 'leadWizard.steps.contact.editing')).toHaveAttribute('data-active', 'true');
  await expect(page.locator('.log')).toContainText('Se cambian datos del contexto, fuera del flujo');
  await expect.poll(() => page.evaluate(() => window.location.hash)).toContain('contexto:(promotionMode:!t)');
});

/**
 * The QA run's files for the overlay: a copy of what a real browser model run wrote
 * (`npm run flows:screens`: the payment's results and the thanks state's two screenshots), served
 * in place of the server's artifacts. `change` alters the results as a later run could leave them.
 */
async function serveArtifacts(page: Page, change?: (results: Results) => void) {
  const dir = path.join(import.meta.dirname, 'fixtures/qa-run');
  await page.route('**/flujos/artefactos/**', async (route) => {
    const name = decodeURIComponent(new URL(route.request().url()).pathname.split('/artefactos/')[1] ?? '');
    const file = path.join(dir, name);
    if (!existsSync(file)) return route.fulfill({ status: 404, body: 'No encontrado.' });
    if (name === 'results.json' && change) {
      const results = JSON.parse(readFileSync(file, 'utf8')) as Results;
      change(results);
      return route.fulfill({ json: results });
    }
    return route.fulfill({ path: file });
  });
}

test('QA overlay: the browser run on the chart, its paths replayable, its screenshots enlargeable', async ({
  page,
}) => {
  await serveArtifacts(page, (results) => {
    // A path that failed at its third step, as a run that finds a bug leaves it.
    const payment = results.machines.payment;
    const first = payment?.paths[0];
    if (first)
      Object.assign(first, {
        status: 'failed',
        failedStep: 3,
        error: 'Error: expect(locator).toBeVisible() failed',
        failure: {
          state: 'payment.checkout.capturing',
          expected: 'el texto «Procesando tu pago…»',
          seen: 'el texto «Pagar con PayPal»',
        },
      });
    // No path that passed reached the failed state: it is drawn as failed, not as 'not covered'.
    if (payment)
      payment.states.covered = payment.states.covered.filter((id) => id !== 'payment.checkout.capturing');
  });
  await open(page, '#/payment');
  const qa = page.getByRole('region', { name: 'Corrida de QA en el navegador' });
  await expect(qa).toContainText('Estados cubiertos14/15');
  await expect(qa).toContainText(/Transiciones cubiertas\d+\/\d+ \(y 1 declaradas inalcanzables\)/);
  await expect(qa).toContainText('9 pasaron de 10');
  await expect(qa).toContainText(/Corrida\d+ de \w+ de \d{4}/);
  // The failed path: where, by meaning, and the runner's message.
  const failed = qa.locator('.qa-path').first();
  await expect(failed).toContainText('✗ falló en el paso 3 de 8');
  await expect(failed).toContainText('Paso que falló: ');
  // Which state's check failed, what it expected and what the page showed, in Spanish; the runner's
  // own English text only behind 'Detalle técnico'.
  await expect(failed).toContainText(
    'Falló la comprobación del estado «Se cobra el pedido aprobado; mientras tanto los botones no aceptan un segundo clic. checkout.capturing»: se esperaba el texto «Procesando tu pago…» y la página mostró el texto «Pagar con PayPal».',
  );
  await expect(failed.locator('pre[lang="en"]')).toBeHidden();
  await failed.getByText('Detalle técnico').click();
  await expect(failed.locator('pre[lang="en"]')).toHaveText('Error: expect(locator).toBeVisible() failed');
  const capturing = state(page, 'payment.checkout.capturing');
  await expect(capturing).toHaveAttribute('data-qa-failed', 'true');
  await expect(capturing).not.toHaveAttribute('data-covered', 'false');
  await expect(capturing).toContainText('falló en QA');
  await expect(capturing).toHaveAttribute('aria-label', /falló en la prueba de QA/);
  await expect(page.locator('[data-qa-failed]')).toHaveCount(1);
  // The unreachable transition, with its reason, is not drawn as uncovered.
  await expect(qa).toContainText('Transiciones que QA declara inalcanzables desde la página');
  await expect(qa).toContainText('Por qué: Los botones informan una falla solo mientras se dibujan');
  await expect(
    page.locator('.edge[data-transition="payment.checkout.ready buttons.failed#0"]').first(),
  ).not.toHaveClass(/uncovered/);
  await expect(page.locator('.edge.uncovered')).toHaveCount(0);

  // Replayed on the chart, step by step.
  await failed.getByRole('button', { name: 'Reproducir en el diagrama' }).click();
  const playback = page.getByRole('region', { name: 'Recorrido en reproducción' });
  await expect(playback).toContainText('Recorrido de QA 01 (falló en el paso 3): 8 pasos');
  await expect(playback).toContainText('payment.approve');
  await playback.getByRole('button', { name: 'Hasta el final' }).click();
  // Approved, declined, retried, then the visitor closes the PayPal window.
  await expect(state(page, 'payment.checkout.ready.cancelled')).toHaveAttribute('data-active', 'true');

  // The thanks state's screenshots, taken by path 04: enlarged in a dialog, and that path replayed.
  await qa.locator('.qa-path').nth(3).getByText('Capturas que tomó').click();
  await qa
    .locator('.qa-path')
    .nth(3)
    .getByRole('button', { name: /Agradecimiento/ })
    .click();
  const selected = page.getByRole('region', { name: 'Estado seleccionado' });
  await expect(selected).toContainText('Capturas del recorrido 04 (más corto) de la corrida de QA');
  await selected.getByRole('button', { name: 'Ampliar la captura a 360 px' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img')).toHaveJSProperty('naturalWidth', 360);
  await expectNoAxeViolations(page, 'the QA overlay with a screenshot enlarged');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
  await selected.getByRole('button', { name: 'Reproducir ese recorrido' }).click();
  await expect(playback).toContainText('Recorrido de QA 04 (pasó): 4 pasos');
});

test('mutation run: the score of each flow on the index and its surviving changes on the states and transitions they change', async ({
  page,
}) => {
  await page.route('**/flujos/mutacion.json', (route) =>
    route.fulfill({ path: path.join(import.meta.dirname, 'fixtures/qa-run/mutacion.json') }),
  );
  await serveArtifacts(page);
  await page.goto('/flujos/');
  const card = page
    .locator('.card')
    .filter({ has: page.getByRole('link', { name: /Pago de la suscripción/ }) });
  await expect(card).toContainText(
    'Mutación: 91,5 % de los cambios a sus reglas los nota alguna prueba (205 de 224).',
  );
  await expect(card).toContainText(
    /QA en el navegador: 15 de 15 estados y \d+ de \d+ transiciones; ✓\spasaron sus 10 recorridos/,
  );
  // A flow the run never mutated says so.
  await expect(
    page.locator('.card').filter({ has: page.getByRole('link', { name: /Página de bienvenida/ }) }),
  ).toContainText('Mutación: sin corrida.');

  await open(page, '#/payment');
  const panel = page.getByRole('region', { name: 'Pruebas de mutación' });
  await expect(panel).toContainText(
    '91,5 % de los cambios a sus reglas los nota alguna prueba (205 de 224).',
  );
  await expect(panel).toContainText('Cambios que ninguna prueba notó (2, 1 sin efecto para el visitante)');
  const guard = panel.locator('[data-survivor="101"]');
  await expect(guard).toContainText(
    'Si la condición «El medio de pago retiene el cobro para revisarlo (estado PENDING)» cambiara, ninguna prueba lo notaría.',
  );
  await expect(guard).toContainText('En el estado «Se cobra el pedido aprobado');
  await expect(guard).toContainText('Falta una prueba que lo note.');
  await expect(guard.locator('.dev-line code[lang="en"]').first()).toHaveText('isCapturePending');
  const transition = panel.locator('[data-survivor="102"]');
  await expect(transition).toContainText(
    'Si la transición «El visitante pulsa un botón de pago y se crea el pedido» cambiara, ninguna prueba lo notaría.',
  );
  await expect(transition).toContainText('En el estado «Se ven el resumen del pedido');
  await expect(transition).toContainText(
    'Sin efecto para el visitante: El texto solo se lee en el explorador',
  );
  // The state a survivor is on is one click away on the chart.
  await guard.getByRole('button', { name: /Se cobra el pedido aprobado/ }).click();
  await expect(state(page, 'payment.checkout.capturing')).toHaveAttribute('data-selected', 'true');
  await expectNoAxeViolations(page, 'the mutation panel');
});

test('QA overlay: a run of other code is flagged, and without results the page says how to produce them', async ({
  page,
}) => {
  await serveArtifacts(page, (results) => {
    const payment = results.machines.payment;
    if (payment) Object.assign(payment, { graph: '00000000', commit: 'f'.repeat(40), dirty: true });
  });
  await open(page, '#/payment');
  const qa = page.getByRole('region', { name: 'Corrida de QA en el navegador' });
  await expect(qa.getByRole('note').first()).toContainText(
    'Estos resultados son de una versión anterior del flujo (00000000;',
  );
  await expect(qa).toContainText('La corrida se hizo sobre la versión fffffff del código');
  await expect(qa).toContainText('cambios en el código que todavía no estaban guardados');
  await open(page, '#/welcome');
  await expect(qa).toContainText('La corrida de QA no recorrió este flujo en el navegador.');

  await page.unrouteAll();
  await serveFlowCounts(page);
  await page.route('**/flujos/artefactos/index.json', (route) =>
    route.fulfill({ json: { coverage: false, results: false, screens: {} } }),
  );
  await open(page, '#/payment');
  await page.reload();
  await expect(qa).toContainText('Todavía no hay resultados de QA.');
  await expect(qa).toContainText('npm run flows:screens');
  await expect(qa).toContainText('npm test');
  await expectNoAxeViolations(page, 'the QA panel without results');
});

test('a shared link opened in a fresh context shows the same steps, state, selection, zoom and collapsed region', async ({
  page,
  context,
  browser,
  hygiene,
}) => {
  // Two contexts and two loads of the largest chart: longer than the default timeout on a busy machine.
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, '#/lead-wizard');
  await fillContactAndCreate(page);
  await panels(page)
    .getByRole('button', { name: /situation\.select/ })
    .first()
    .click();
  await state(page, 'leadWizard.steps.situation').click();
  await page.locator('[data-toggle-of="leadWizard.sync.updating"]').focus();
  await page.keyboard.press('Enter');
  await expect(state(page, 'leadWizard.sync.updating.attempt')).toHaveCount(0);
  await page.getByRole('button', { name: 'Alejar' }).click();
  const zoom = await zoomOf(page);
  await page.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enlace copiado.' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  // Readable: the steps by name with their fields, the state, the zoom; no base64.
  expect(link).toMatch(/\/flujos\/#\/lead-wizard\?pasos=contact\.change=\(field:nombreEmpresa,value:/);
  expect(link).toContain(
    ';contact.submit;responde:validateContact=();responde:createLead=(id:lead-42,estado:nuevo);situation.select=(value:',
  );
  // The whole chart, not the steps the wizard opens on, with one region folded.
  expect(link).toContain(`&estado=steps.situation&zoom=${zoom}&vista=completa&plegados=sync.updating`);
  expect(link).not.toMatch(/[?&]e=/);
  const contextText = await page.getByRole('region', { name: 'Contexto' }).locator('dl').textContent();

  const fresh = await browser.newContext();
  await hygiene.watch(fresh);
  const other = await fresh.newPage();
  await serveFlowCounts(other);
  await other.goto(link);
  await expect(state(other, 'leadWizard.steps.situation')).toHaveAttribute('data-active', 'true');
  await expect(state(other, 'leadWizard.sync.updating')).toHaveAttribute('data-active', 'true');
  await expect(state(other, 'leadWizard.sync.updating.attempt')).toHaveCount(0);
  await expect(state(other, 'leadWizard.steps.situation')).toHaveAttribute('data-selected', 'true');
  await expect(
    other
      .getByRole('region', { name: 'Estado seleccionado' })
      .or(other.locator('section', { has: other.getByRole('heading', { name: 'Estado seleccionado' }) }))
      .first(),
  ).toContainText('Paso 2');
  expect(await zoomOf(other)).toBe(zoom);
  await expect(other.getByRole('region', { name: 'Contexto' }).locator('dl')).toHaveText(contextText ?? '');
  await other.reload();
  await expect(state(other, 'leadWizard.steps.situation')).toHaveAttribute('data-active', 'true');
  await fresh.close();
});

test('a stale link replays the steps that still apply and says which step stopped', async ({ page }) => {
  // Case 0 (plan premium): the delay redirects, the visitor comes back, then a step the machine refuses.
  await open(
    page,
    '#/welcome?caso=0&pasos=espera:redirectDelay@preparing;redirect.abort;step.next;redirect.abort',
  );
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'El enlace se aplicó hasta el paso 2 de 4: el paso 3 ya no se puede aplicar',
  );
  await expect(alert).toContainText('step.next');
  await expect(state(page, 'welcome.ready.staying')).toHaveAttribute('data-active', 'true');
  // The link now holds the steps that applied.
  await expect
    .poll(() => page.evaluate(() => window.location.hash))
    .toBe('#/welcome?caso=0&pasos=espera:redirectDelay@preparing;redirect.abort');

  // A step that cannot be read: the ones before it apply.
  await open(page, '#/welcome?caso=0&pasos=espera:redirectDelay@preparing;redirect.abort=(oops');
  await expect(page.getByRole('alert')).toContainText('el paso 2 no se puede leer');
  await expect(state(page, 'welcome.ready.redirecting')).toHaveAttribute('data-active', 'true');

  // An earlier link (base64) still opens; a broken one says so and shows the initial state.
  const steps = Buffer.from(JSON.stringify([['e', { type: 'step.next' }]])).toString('base64url');
  await open(page, `#/welcome?e=${steps}`);
  await expect(page.getByRole('alert')).toContainText('el paso 1 ya no se puede aplicar');
  await expect(state(page, 'welcome.preparing')).toHaveAttribute('data-active', 'true');
  await open(page, '#/lead-wizard?e=%%%no-es-un-enlace');
  await expect(page.getByRole('alert')).toContainText('Parte del enlace no se pudo usar');
  await expect(state(page, 'leadWizard.steps.contact.editing')).toHaveAttribute('data-active', 'true');
});

test('a region collapses to one box and expands again; the search shows a state hidden inside it', async ({
  page,
}) => {
  await open(page, '#/lead-wizard');
  const toggle = page.locator('[data-toggle-of="leadWizard.sync"]');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // From the keyboard: the region may be outside the view as the page opens.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(state(page, 'leadWizard.sync.synced')).toHaveCount(0);
  await expect(state(page, 'leadWizard.sync')).toContainText('Plegado: 9 estados dentro');
  // The waiting state is active inside the collapsed region: the region's box is.
  await expect(state(page, 'leadWizard.sync')).toHaveAttribute('data-active', 'true');

  await page.getByLabel('Buscar un estado').fill('servidor tiene todos');
  await page.getByRole('button', { name: /El servidor tiene todos los datos/ }).click();
  await expect(state(page, 'leadWizard.sync.synced')).toHaveAttribute('data-selected', 'true');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => inView(page, 'leadWizard.sync.synced')).toBe(true);
});

// 'Ajustar a la pantalla' at 1366×768, every flow readable or folded: flujos-pasos.spec.ts.

/** English words that are not also Spanish, as a page would show them by mistake. */
const ENGLISH = new Set(
  (
    'the and of is are was to with when after before for from not or an this that these its on in by be been ' +
    'sent shown state states event events success done step steps button true false null undefined computed ' +
    'lead leads wizard page visitor retry delay delays action actions guard guards actor actors initial ' +
    'parallel region regions history entry exit invoke invoked transition transitions fit ' +
    'search show hide back next loading failed waiting'
  ).split(' '),
);

function englishWords(text: string): string[] {
  return text.split(/[^\p{L}]+/u).filter((w) => ENGLISH.has(w.toLowerCase()));
}

/** Every text in the catalogue's notes, however deep (the data notes nest meanings per value). */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(texts);
}

test('nothing on the explorer is in English but identifiers, marked lang="en"', async ({ page }) => {
  // The catalogue's titles, descriptions and notes are translated in the catalogue itself.
  const catalogue = flows.flatMap((f) => [f.title, f.description, ...texts(f.notes)]);
  const fromCatalogue = (text: string) =>
    catalogue.some((c) => {
      const plain = c.replace(/`/g, '');
      return plain.includes(text) || text.includes(plain.slice(0, 30));
    });
  const found = new Map<string, string>();
  const left = new Set<string>();
  const samples = new Set<string>();
  // Every page as it opens, then a flow in use: a state selected, a step taken, the paths listed.
  const visits: [string, ((page: Page) => Promise<void>) | undefined][] = [
    ['', undefined],
    ...flows.map((f): [string, undefined] => [`#/${f.slug}`, undefined]),
    [
      '#/payment?caso=0&estado=checkout',
      async (p: Page) => {
        await panels(p)
          .getByRole('button', { name: /^Responde/ })
          .first()
          .click();
        await panels(p)
          .getByRole('button', { name: /buttons\.rendered/ })
          .click();
        await panels(p)
          .getByRole('button', { name: /payment\.start/ })
          .click();
        await panels(p)
          .getByRole('button', { name: /payment\.approve/ })
          .first()
          .click();
        await expect(
          panels(p)
            .getByRole('button', { name: /^Falla/ })
            .first(),
        ).toBeVisible();
        await p.getByRole('button', { name: 'Generar los recorridos' }).click();
        await expect(p.getByText(/^Recorrido 1 /)).toBeVisible();
      },
    ],
  ];
  for (const [hash, use] of visits) {
    await page.goto(`/flujos/${hash}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (hash) await expect(page.locator('[data-active="true"]').first()).toBeVisible();
    if (use) await use(page);
    const texts = await page.evaluate(() => {
      const out: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent?.trim() ?? '';
        if (text === '' || n.parentElement?.closest('[lang="en"]')) continue;
        // Data (the model's sample payloads and errors, the context's values) is marked as such.
        out.push(n.parentElement?.closest('.payload, .data') ? `sample:${text}` : text);
      }
      for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]'))
        for (const attr of ['aria-label', 'placeholder', 'title']) {
          const value = el.getAttribute(attr);
          if (value) out.push(value);
        }
      out.push(document.title);
      return out;
    });
    for (const text of texts) {
      const words = englishWords(text);
      if (words.length === 0) continue;
      if (text.startsWith('sample:')) samples.add(text.slice('sample:'.length));
      else if (fromCatalogue(text)) words.forEach((w) => left.add(w));
      else found.set(text, words.join(' '));
    }
  }
  console.info(
    `[flujos] English words left, all from the catalogue: ${[...left].sort().join(', ') || 'none'}`,
  );
  console.info(
    `[flujos] English in the data shown (model samples, example inputs): ${[...samples].join(' | ') || 'none'}`,
  );
  expect([...found].map(([text, words]) => `${words}: ${text}`)).toEqual([]);
});

test('no request leaves the origin while exploring and simulating', async ({ page, baseURL }) => {
  const outside = watchOrigin(page, new URL(baseURL ?? '').origin);
  await page.goto('/flujos/');
  for (const flow of flows) {
    await page.getByRole('link', { name: flowName(flow), exact: true }).click();
    await expect(page.locator('[data-state-id]').first()).toBeVisible();
    const first = panels(page).getByRole('button').first();
    if (await first.isEnabled()) await first.click();
    await page.getByRole('link', { name: '← Todos los flujos' }).click();
  }
  expect(outside).toEqual([]);
});

test('the time to the first diagram of the largest machine', async ({ page }) => {
  await page.goto('/flujos/#/lead-wizard');
  // As it opens, on its steps: the first step is the active one.
  await expect(state(page, 'leadWizard.steps.contact')).toHaveAttribute('data-active', 'true');
  const ms = await page.evaluate(() => performance.getEntriesByName('flujos:diagrama')[0]?.startTime ?? -1);
  console.info(`[flujos] first lead wizard diagram ${Math.round(ms)} ms after navigation start`);
  expect(ms).toBeGreaterThan(0);
  expect(ms).toBeLessThan(5000);
});

for (const width of [360, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });
    // The index and every flow's page as it opens: flujos-axe.spec.ts, with every panel filled.
    test(`/flujos/#/lead-wizard with a state selected, a region collapsed and a search has no accessibility violations`, async ({
      page,
    }) => {
      await open(page, '#/lead-wizard?estado=steps.contact&plegados=sync');
      await page.getByLabel('Buscar un estado').fill('paso');
      await expect(page.getByRole('list', { name: 'Estados encontrados' })).toBeVisible();
      await expectNoAxeViolations(page, `wizard in use at ${width} px`);
    });
    test(`/flujos/#/lead-wizard with refused events, own values, the context form and real time has no accessibility violations`, async ({
      page,
    }) => {
      await open(page, '#/lead-wizard');
      await expect(panels(page).getByText('No se acepta ahora porque no se cumple').first()).toBeVisible();
      for (const form of await panels(page).locator('details.own-values summary').all()) await form.click();
      await page.getByLabel('Tiempo real: las esperas pasan solas').check();
      await expectNoAxeViolations(page, `the simulation's forms at ${width} px`);
      await expectNoHorizontalScroll(page, `the simulation's forms at ${width} px`);
    });
    test(`/flujos/#/payment with QA's results has no accessibility violations`, async ({ page }) => {
      await serveArtifacts(page);
      await open(page, '#/payment?estado=paid');
      await expect(page.getByRole('region', { name: 'Corrida de QA en el navegador' })).toContainText(
        'Estados cubiertos',
      );
      await expect(page.getByRole('button', { name: 'Ampliar la captura a 360 px' })).toBeVisible();
      await expectNoAxeViolations(page, `QA's results at ${width} px`);
      await expectNoHorizontalScroll(page, `QA's results at ${width} px`);
    });
  });
}
