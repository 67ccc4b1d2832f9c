import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { axeBuilder } from './support/page-checks';
import {
  DESKTOP,
  HEADINGS,
  MOBILE,
  PHONES,
  RECAPTCHA_ROUTE,
  backButton,
  captureLeadRequests,
  choose,
  contactFor,
  expectOneLead,
  expectStep,
  fakeRecaptchaScript,
  fields,
  fillContact,
  infoOf,
  nextButton,
  openWizard,
  uniqueName,
  type Contact,
} from './registro-helpers';

const IDENTITY_SIGNUP = 'https://cuenta.mitienda.example/registro';
const ADMIN_HOST = 'https://admin.mitienda.example';
const DEMO_BASE = 'https://demo.mitienda.example';

function expectedPais(contact: Contact) {
  const names = {
    AR: 'Argentina',
    CL: 'Chile',
    CO: 'Colombia',
    MX: 'México',
    PA: 'Panamá',
    PE: 'Perú',
    UY: 'Uruguay',
  };
  const prefixes = { AR: '+549', CL: '+56', CO: '+57', MX: '+52', PA: '+507', PE: '+51', UY: '+598' };
  return { codigo: contact.pais, nombre: names[contact.pais], prefijo: prefixes[contact.pais] };
}

test.describe('prerendered step 1', () => {
  test('the static HTML shows an empty contact step with Siguiente disabled', async ({ request }) => {
    const html = await (await request.get('/registro')).text();
    expect(html).toContain('Datos de contacto');
    expect(html).toContain('Paso 1 de 4');
    expect(html).toMatch(/<button type="submit" class="btn btn-primary" disabled="">/);
    // The wizard's CSS is inline, so no stylesheet request blocks the first paint: the whole file
    // is only named in a <noscript>, which the boot script turns into its link after that paint.
    expect(html).toMatch(/<style>[^<]*\.wizard-card{/);
    expect(html).not.toMatch(/(?<!<noscript>)<link rel="stylesheet"(?![^>]*disabled)[^>]*>/);
    for (const id of [
      'registro-nombreEmpresa',
      'registro-nombre',
      'registro-apellido',
      'registro-whatsapp',
    ]) {
      expect(html).toMatch(new RegExp(`id="${id}"[^>]*value=""`));
    }
  });

  test('hydrates without console errors, with and without a query string or stored progress', async ({
    page,
  }) => {
    await openWizard(page);
    await expect(nextButton(page)).toBeDisabled();
    await fields(page).nombreEmpresa.fill('Guardado antes de recargar');
    await openWizard(page, '?utm_source=fb&ndb_c=pe&ref=AMIGO-1&cc=CL');
    await expect(fields(page).nombreEmpresa).toHaveValue('Guardado antes de recargar');
  });

  test('the later steps load when the visitor starts on step 1, not with the page', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openWizard(page);
    // The page is hydrated and its boot list loaded: nothing else comes without the visitor.
    await page.waitForLoadState('networkidle');
    const laterSteps = () =>
      scripts.filter((path) => /\/assets\/(question|thanks)-container-[\w-]+\.js$/.test(path));
    expect(laterSteps()).toEqual([]);
    await fields(page).nombreEmpresa.focus();
    await expect.poll(() => laterSteps().length).toBe(2);
  });
});

const RUNS = [
  {
    rubro: 'gastronomico',
    rubroLabel: 'Gastronomía',
    sector: 'pizzeria',
    sectorLabel: 'Pizzería',
    situacion: 'buscar_mas_clientes',
    situacionLabel: 'Quiero conseguir más clientes',
    pais: 'AR',
    viewport: MOBILE,
  },
  {
    rubro: 'almacen_minimercados',
    rubroLabel: 'Almacén y minimercados',
    sector: 'alimentos_por_peso',
    sectorLabel: 'Alimentos por peso',
    situacion: 'aun_no_comienza',
    situacionLabel: 'Todavía no empecé a vender',
    pais: 'CL',
    viewport: DESKTOP,
  },
  {
    rubro: 'productos',
    rubroLabel: 'Venta de productos',
    sector: 'indumentaria',
    sectorLabel: 'Indumentaria',
    situacion: 'otros',
    situacionLabel: 'Otra situación',
    pais: 'MX',
    viewport: MOBILE,
  },
] as const;

test.describe('a complete run for each category', () => {
  for (const run of RUNS) {
    test(`${run.rubro} (${run.pais}, ${run.viewport.width}px): exact bodies sent and the row stored`, async ({
      page,
    }) => {
      await page.setViewportSize(run.viewport);
      const sent = captureLeadRequests(page);
      const contact = contactFor(uniqueName(run.rubro), run.pais);
      await openWizard(page);
      await expect(page.getByText('Paso 1 de 4')).toBeVisible();
      await expect(nextButton(page)).toBeDisabled();
      await fillContact(page, contact);
      await expect(nextButton(page)).toBeEnabled();
      await nextButton(page).click();

      await expectStep(page, 'situation');
      await expect(page.getByText('Paso 2 de 4')).toBeVisible();
      await expect(nextButton(page)).toBeDisabled();
      await choose(page, run.situacionLabel);
      await expectStep(page, 'category');
      await expect(page.getByText('Paso 3 de 4')).toBeVisible();
      await choose(page, run.rubroLabel);
      await expectStep(page, 'sector');
      await expect(page.getByText('Paso 4 de 4')).toBeVisible();
      await choose(page, run.sectorLabel);
      await expectStep(page, 'thanks');
      await expect(page.getByText(/Paso \d de 4/)).toHaveCount(0);

      const row = await expectOneLead(contact.nombreEmpresa, (data) => infoOf(data).sector === run.sector);
      const expectedContact = {
        nombreEmpresa: contact.nombreEmpresa,
        nombre: contact.nombre,
        apellido: contact.apellido,
        pais: expectedPais(contact),
        whatsapp: PHONES[contact.pais].stored,
        email: contact.email,
      };
      expect(row.estado).toBe('nuevo');
      expect(row.data).toEqual({
        ...expectedContact,
        infoEmpresa: JSON.stringify({
          situacionActual: run.situacion,
          rubro: run.rubro,
          sector: run.sector,
          visitoDemo: false,
        }),
      });

      const posts = sent.filter((r) => r.method === 'POST');
      expect(posts).toHaveLength(1);
      expect(posts[0]?.body).toEqual({ ...expectedContact, infoEmpresa: '{"visitoDemo":false}' });
      expect(posts[0]?.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
      const puts = sent.filter((r) => r.method === 'PUT');
      expect(puts.length).toBeGreaterThanOrEqual(1);
      expect(puts.at(-1)?.body).toEqual({ id: row.id, ...row.data });
      for (const put of puts) expect(put.body.id).toBe(row.id);
    });
  }
});

test('back buttons keep the answers; a new category clears the sector', async ({ page }) => {
  const sent = captureLeadRequests(page);
  const contact = contactFor(uniqueName('atras'), 'PE');
  await openWizard(page);
  await fillContact(page, contact);
  await nextButton(page).click();
  await expectStep(page, 'situation');
  await expect(backButton(page)).toHaveCount(0);
  await choose(page, 'Quiero simplificar la gestión de mi negocio');
  await choose(page, 'Gastronomía');
  await choose(page, 'Heladería', false);

  await backButton(page).click();
  await expectStep(page, 'category');
  await expect(page.getByRole('radio', { name: 'Gastronomía' })).toBeChecked();
  await backButton(page).click();
  await expectStep(page, 'situation');
  await expect(
    page.getByRole('radio', { name: 'Quiero simplificar la gestión de mi negocio' }),
  ).toBeChecked();
  await nextButton(page).click();
  await choose(page, 'Gastronomía');
  await expect(page.getByRole('radio', { name: 'Heladería' })).toBeChecked();
  await backButton(page).click();

  await choose(page, 'Venta de productos');
  await expectStep(page, 'sector');
  await expect(nextButton(page)).toBeDisabled();
  await expect(page.getByRole('radio')).toHaveCount(7);
  await expect(page.getByRole('radio', { name: 'Heladería' })).toHaveCount(0);
  for (const radio of await page.getByRole('radio').all()) await expect(radio).not.toBeChecked();

  await expect
    .poll(() =>
      sent.some((r) => r.method === 'PUT' && String(r.body.infoEmpresa).includes('"rubro":"productos"')),
    )
    .toBe(true);
  const switched = sent.find(
    (r) => r.method === 'PUT' && String(r.body.infoEmpresa).includes('"rubro":"productos"'),
  );
  expect(JSON.parse(String(switched?.body.infoEmpresa))).toEqual({
    situacionActual: 'facilitar_gestion',
    rubro: 'productos',
    visitoDemo: false,
  });

  await choose(page, 'Calzado');
  await expectStep(page, 'thanks');
  await expectOneLead(contact.nombreEmpresa, (data) => infoOf(data).sector === 'calzados');
});

async function runToThanks(page: Page, contact: Contact, rubro = 'Gastronomía', sector = 'Comida rápida') {
  await fillContact(page, contact);
  await nextButton(page).click();
  await choose(page, 'Quiero conseguir más clientes');
  await choose(page, rubro);
  await choose(page, sector);
  await expectStep(page, 'thanks');
}

test('demo branch: the sector demo opens in a new tab and sets visitoDemo', async ({ page, context }) => {
  await context.route(`${DEMO_BASE}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Demo</title><h1>Demo</h1>' }),
  );
  const sent = captureLeadRequests(page);
  const contact = contactFor(uniqueName('demo'), 'UY');
  await openWizard(page);
  await runToThanks(page, contact);
  await expect(page.getByRole('link', { name: /Empezar mi prueba gratis/ })).toHaveCount(0);
  const demo = page.getByRole('link', { name: /Ver la tienda de demostración/ });
  await expect(demo).toHaveAttribute('href', `${DEMO_BASE}/comida_rapida`);
  await expect(demo).toHaveAttribute('target', '_blank');
  await expect(demo).toHaveAttribute('rel', /noopener/);
  await expectOneLead(contact.nombreEmpresa, (data) => infoOf(data).sector === 'comida_rapida');

  const popup = context.waitForEvent('page');
  await demo.click();
  const tab = await popup;
  await expect(tab).toHaveURL(`${DEMO_BASE}/comida_rapida`);
  await tab.close();

  const row = await expectOneLead(contact.nombreEmpresa, (data) => infoOf(data).visitoDemo === true);
  expect(infoOf(row.data)).toEqual({
    situacionActual: 'buscar_mas_clientes',
    rubro: 'gastronomico',
    sector: 'comida_rapida',
    visitoDemo: true,
  });
  expect(sent.at(-1)?.method).toBe('PUT');
  expect(JSON.parse(String(sent.at(-1)?.body.infoEmpresa))).toMatchObject({ visitoDemo: true });
});

test('promotion mode (ndb_c=pe): trial offer, tracking fields and referral code in every body', async ({
  page,
}) => {
  const query = '?utm_source=google&utm_campaign=invierno&utm_content=banner-1&utm_term=tienda&ndb_c=pe';
  await page.route(`${IDENTITY_SIGNUP}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Cuenta</title><h1>Crear cuenta</h1>' }),
  );
  const sent = captureLeadRequests(page);
  const contact = contactFor(uniqueName('promo'), 'CO');
  // The campaign link is stored on arrival; the referral code comes with a later visit.
  await openWizard(page, query);
  await openWizard(page, '?ref=AMIGO-25');
  await runToThanks(page, contact, 'Almacén y minimercados', 'Almacén');

  const tracking = {
    urlQueryString: query.slice(1),
    utmSource: 'google',
    utmCampaign: 'invierno',
    utmContent: 'banner-1',
    utmTerm: 'tienda',
  };
  const row = await expectOneLead(contact.nombreEmpresa, (data) => infoOf(data).sector === 'almacen');
  expect(row.data).toMatchObject({ ...tracking, codigoReferido: 'AMIGO-25' });
  expect(row.data).not.toHaveProperty('fbclid');
  expect(row.data).not.toHaveProperty('recaptchaToken');
  for (const request of sent) expect(request.body).toMatchObject({ ...tracking, codigoReferido: 'AMIGO-25' });

  await expect(page.getByRole('link', { name: /Ver la tienda de demostración/ })).toHaveCount(0);
  const trial = page.getByRole('link', { name: 'Empezar mi prueba gratis' });
  const trialUrl = `${IDENTITY_SIGNUP}?client_id=admin&redirect_uri=${encodeURIComponent(`${ADMIN_HOST}/?origen=pe`)}`;
  await expect(trial).toHaveAttribute('href', trialUrl);
  await trial.click();
  await expect(page).toHaveURL(trialUrl);
});

test.describe('fb campaigns run the invisible bot check before the create', () => {
  test('its token goes as recaptchaToken in the create only, and is not stored', async ({ page }) => {
    await page.route(RECAPTCHA_ROUTE, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: fakeRecaptchaScript('token-e2e-123') }),
    );
    const sent = captureLeadRequests(page);
    const contact = contactFor(uniqueName('fb'), 'PA');
    await openWizard(page, '?utm_source=fb&fbclid=IwAR-e2e');
    await fillContact(page, contact);
    await nextButton(page).click();
    await expectStep(page, 'situation');
    await choose(page, 'Otra situación');

    const posts = sent.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      recaptchaToken: 'token-e2e-123',
      utmSource: 'fb',
      fbclid: 'IwAR-e2e',
    });
    const row = await expectOneLead(
      contact.nombreEmpresa,
      (data) => infoOf(data).situacionActual === 'otros',
    );
    expect(row.data).toMatchObject({ utmSource: 'fb', fbclid: 'IwAR-e2e' });
    expect(row.data).not.toHaveProperty('recaptchaToken');
    for (const put of sent.filter((r) => r.method === 'PUT'))
      expect(put.body).not.toHaveProperty('recaptchaToken');
    expect(
      await page.evaluate(
        () => (window as unknown as { __recaptcha?: { sitekey?: string } }).__recaptcha?.sitekey,
      ),
    ).toBe('6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI');
  });

  test('when the script cannot load the visitor sees why and can retry', async ({ page, hygiene }) => {
    hygiene.expectRequestFailure('/recaptcha/');
    let available = false;
    await page.route(RECAPTCHA_ROUTE, (route) =>
      available
        ? route.fulfill({ contentType: 'text/javascript', body: fakeRecaptchaScript('token-after-retry') })
        : route.abort('internetdisconnected'),
    );
    const sent = captureLeadRequests(page);
    const contact = contactFor(uniqueName('fb-retry'));
    await openWizard(page, '?utm_source=fb');
    await fillContact(page, contact);
    await nextButton(page).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('No pudimos completar la verificación de seguridad');
    expect(sent).toHaveLength(0);
    await expect(fields(page).nombreEmpresa).toHaveValue(contact.nombreEmpresa);

    available = true;
    await page.getByRole('button', { name: 'Volver a intentar' }).click();
    await expectStep(page, 'situation');
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.body.recaptchaToken)).toEqual([
      'token-after-retry',
    ]);
    await expectOneLead(contact.nombreEmpresa);
  });
});

test('when the bot check keeps failing, the third try saves the lead without a token', async ({
  page,
  hygiene,
}) => {
  hygiene.expectRequestFailure('/recaptcha/');
  await page.route(RECAPTCHA_ROUTE, (route) => route.abort('internetdisconnected'));
  const sent = captureLeadRequests(page);
  const contact = contactFor(uniqueName('fb-bloqueado'));
  await openWizard(page, '?utm_source=fb');
  await fillContact(page, contact);
  await nextButton(page).click();
  await expect(page.getByRole('alert')).toContainText('No pudimos completar la verificación de seguridad');
  await page.getByRole('button', { name: 'Volver a intentar' }).click();
  await expect(page.getByRole('alert')).toContainText('No pudimos completar la verificación de seguridad');
  expect(sent).toHaveLength(0);
  await page.getByRole('button', { name: 'Volver a intentar' }).click();
  await expectStep(page, 'situation');
  const posts = sent.filter((r) => r.method === 'POST');
  expect(posts).toHaveLength(1);
  expect(posts[0]?.body).not.toHaveProperty('recaptchaToken');
  await expectOneLead(contact.nombreEmpresa);
});

test.describe('accessibility', () => {
  test('the whole wizard works with the keyboard alone; focus moves to each step heading', async ({
    page,
  }) => {
    const contact = contactFor(uniqueName('teclado'), 'AR');
    await openWizard(page);
    await fields(page).nombreEmpresa.focus();
    await page.keyboard.type(contact.nombreEmpresa);
    await page.keyboard.press('Tab');
    await page.keyboard.type(contact.nombre);
    await page.keyboard.press('Tab');
    await page.keyboard.type(contact.apellido);
    await page.keyboard.press('Tab');
    await expect(fields(page).pais).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(fields(page).pais).toHaveValue('AR');
    await page.keyboard.press('Tab');
    await expect(fields(page).whatsapp).toBeFocused();
    await page.keyboard.type(contact.whatsapp);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: HEADINGS.situation })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(page.getByRole('radio').first()).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio').nth(1)).toBeChecked();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: HEADINGS.category })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: HEADINGS.sector })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: HEADINGS.thanks })).toBeFocused();

    await expectOneLead(contact.nombreEmpresa, (data) => {
      const info = infoOf(data);
      return (
        info.situacionActual === 'buscar_mas_clientes' &&
        info.rubro === 'gastronomico' &&
        info.sector === 'comida_rapida'
      );
    });
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`axe finds nothing on any step at ${viewport.width}px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      const axe = () => axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      await openWizard(page);
      expect((await axe()).violations).toEqual([]);
      await fields(page).nombreEmpresa.fill(' ');
      await fields(page).email.fill('no-es-un-mail');
      await fields(page).email.blur();
      await fields(page).nombreEmpresa.focus();
      await fields(page).nombreEmpresa.blur();
      await expect(page.getByText('Ingresa el nombre de la empresa.')).toBeVisible();
      expect((await axe()).violations).toEqual([]);
      await fields(page).email.fill('');
      await fillContact(page, contactFor(uniqueName(`axe-${viewport.width}`)));
      await nextButton(page).click();
      await expectStep(page, 'situation');
      expect((await axe()).violations).toEqual([]);
      await choose(page, 'Otra situación');
      await choose(page, 'Venta de productos');
      expect((await axe()).violations).toEqual([]);
      await choose(page, 'Pet shop');
      await expectStep(page, 'thanks');
      expect((await axe()).violations).toEqual([]);
    });
  }
});
