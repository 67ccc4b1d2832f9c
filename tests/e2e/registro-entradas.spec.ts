import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
  MOBILE,
  captureLeadRequests,
  choose,
  contactFor,
  expectOneLead,
  expectStep,
  fields,
  fillContact,
  leadRows,
  nextButton,
  openWizard,
  uniqueName,
} from './registro-helpers';

/** Hostile and mistaken input in every field of step 1: a clear Spanish message, nothing unsafe. */

const TEXT_FIELDS = ['nombreEmpresa', 'nombre', 'apellido'] as const;
const REQUIRED_MESSAGES = {
  nombreEmpresa: 'Ingresa el nombre de la empresa.',
  nombre: 'Ingresa tu nombre.',
  apellido: 'Ingresa tu apellido.',
} as const;
const EMAIL_INVALID = 'El e-mail no es válido. Revisa que tenga la forma nombre@dominio.com.';
const WHATSAPP_FORMAT = 'El WhatsApp solo puede tener números, con el prefijo del país adelante.';

const HOSTILE = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 1">',
  '"><svg onload=window.__xss=1>',
  "'; DROP TABLE prospectos; --",
];

function errorOf(page: Page, id: string) {
  return page.locator(`#registro-${id}-error`);
}

async function expectNothingInjected(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('#wizard script, #wizard img, #wizard svg')).toHaveCount(0);
}

test('empty and whitespace-only fields keep Siguiente disabled and say what is missing', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  const sent = captureLeadRequests(page);
  await openWizard(page);
  const f = fields(page);
  await expect(nextButton(page)).toBeDisabled();
  for (const name of TEXT_FIELDS) await f[name].fill('   \t  ');
  await f.pais.selectOption('AR');
  await f.whatsapp.fill('   ');
  await f.email.fill('   ');
  await f.email.blur();
  await expect(nextButton(page)).toBeDisabled();
  for (const name of TEXT_FIELDS) {
    await f[name].focus();
    await f[name].blur();
    await expect(errorOf(page, name)).toHaveText(REQUIRED_MESSAGES[name]);
    await expect(f[name]).toHaveAttribute('aria-invalid', 'true');
  }
  await f.whatsapp.focus();
  await f.whatsapp.blur();
  await expect(errorOf(page, 'whatsapp')).toHaveText('Ingresa tu número de WhatsApp.');
  // Blank e-mail means "not given": it is optional.
  await expect(errorOf(page, 'email')).toHaveText('');
  await expect(errorOf(page, 'nombre')).toHaveAttribute('aria-live', 'polite');
  await page.keyboard.press('Enter');
  expect(sent).toHaveLength(0);
});

test('no country chosen: the country field says so and Siguiente stays disabled', async ({ page }) => {
  await openWizard(page);
  const f = fields(page);
  await f.nombreEmpresa.fill('Kiosco');
  await f.nombre.fill('Ana');
  await f.apellido.fill('Paz');
  await f.whatsapp.fill('1123456789');
  await f.pais.focus();
  await f.pais.blur();
  await expect(errorOf(page, 'pais')).toHaveText('Elige tu país.');
  await expect(nextButton(page)).toBeDisabled();
});

test('10,000 characters pasted in every field: each keeps what fits within the schema, never emptied', async ({
  page,
}) => {
  const sent = captureLeadRequests(page);
  await openWizard(page);
  const f = fields(page);
  const huge = 'x'.repeat(10_000);
  // The fields carry the schema's limits (maxlength), so what fits stays and nothing is refused.
  for (const name of TEXT_FIELDS) {
    await f[name].fill(huge);
    await f[name].blur();
    await expect(f[name]).toHaveValue('x'.repeat(120));
    await expect(errorOf(page, name)).toHaveText('');
  }
  await f.pais.selectOption('CL');
  await f.whatsapp.fill('9'.repeat(10_000));
  await f.whatsapp.blur();
  await expect(f.whatsapp).not.toHaveValue('');
  await expect(errorOf(page, 'whatsapp')).toHaveText(
    'El WhatsApp tiene demasiados dígitos. En Argentina, escribe el código de área sin el 0 y el número sin el 15.',
  );
  await f.email.fill(`${'a'.repeat(10_000)}@example.com`);
  await f.email.blur();
  await expect(f.email).not.toHaveValue('');
  await expect(errorOf(page, 'email')).not.toHaveText('');

  // What was kept is what the machine holds: the lead carries the first 120 characters.
  await f.whatsapp.fill('912345678');
  await f.email.fill('');
  await nextButton(page).click();
  await expectStep(page, 'situation');
  expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({
    nombreEmpresa: 'x'.repeat(120),
    nombre: 'x'.repeat(120),
  });
});

test('HTML and script in the name fields are stored as plain text and never run', async ({ page }) => {
  const sent = captureLeadRequests(page);
  const nombreEmpresa = `${HOSTILE[0]} ${uniqueName('xss')}`;
  await openWizard(page);
  await fillContact(page, {
    ...contactFor(nombreEmpresa, 'AR'),
    nombre: HOSTILE[1] ?? '',
    apellido: `${HOSTILE[2]} ${HOSTILE[3]}`,
  });
  for (const name of TEXT_FIELDS) await expect(errorOf(page, name)).toHaveText('');
  await nextButton(page).click();
  await expectStep(page, 'situation');
  await expectNothingInjected(page);
  const row = await expectOneLead(nombreEmpresa);
  expect(row.data).toMatchObject({
    nombreEmpresa,
    nombre: HOSTILE[1],
    apellido: `${HOSTILE[2]} ${HOSTILE[3]}`,
  });
  expect(sent[0]?.body).toMatchObject({ nombreEmpresa, nombre: HOSTILE[1] });
});

test('HTML in the e-mail and the WhatsApp number gets a message and is not sent', async ({ page }) => {
  const sent = captureLeadRequests(page);
  await openWizard(page);
  await fillContact(page, {
    ...contactFor(uniqueName('xss-mail')),
    email: '<script>alert(1)</script>@x.com',
  });
  await fields(page).email.blur();
  await expect(errorOf(page, 'email')).toHaveText(EMAIL_INVALID);
  await fields(page).whatsapp.fill('<img src=x onerror=alert(1)>');
  await fields(page).whatsapp.blur();
  await expect(errorOf(page, 'whatsapp')).toHaveText(WHATSAPP_FORMAT);
  await nextButton(page).click();
  // The first field with a problem, in form order, takes the focus.
  await expect(fields(page).whatsapp).toBeFocused();
  await expectNothingInjected(page);
  expect(sent).toHaveLength(0);
});

test('emoji and right-to-left names are kept exactly; bidi overrides and control characters are refused', async ({
  page,
}) => {
  const nombreEmpresa = `🍕 Pizzería «Don José» 😀 ${uniqueName('emoji')}`;
  const nombre = 'مريم';
  const apellido = 'כהן 🌮';
  await openWizard(page);
  await fillContact(page, {
    ...contactFor(nombreEmpresa, 'PE'),
    nombre: '\u202Eevil',
    apellido: 'Paz\u0007',
  });
  await fields(page).email.blur();
  await expect(errorOf(page, 'nombre')).toHaveText(
    'El nombre tiene un salto de línea o un carácter invisible (suele venir al copiar y pegar). Escríbelo de nuevo.',
  );
  await expect(errorOf(page, 'apellido')).toHaveText(
    'El apellido tiene un salto de línea o un carácter invisible (suele venir al copiar y pegar). Escríbelo de nuevo.',
  );
  await nextButton(page).click();
  await expect(fields(page).nombre).toBeFocused();
  expect(leadRows(nombreEmpresa)).toHaveLength(0);

  await fields(page).nombre.fill(nombre);
  await fields(page).apellido.fill(apellido);
  await expect(errorOf(page, 'nombre')).toHaveText('');
  await expect(errorOf(page, 'apellido')).toHaveText('');
  await nextButton(page).click();
  await expectStep(page, 'situation');
  const row = await expectOneLead(nombreEmpresa);
  expect(row.data).toMatchObject({ nombreEmpresa, nombre, apellido });
  await choose(page, 'Otra situación');
  await expectStep(page, 'category');
});

test('emoji and right-to-left text in the e-mail and the WhatsApp number get a message', async ({ page }) => {
  const sent = captureLeadRequests(page);
  await openWizard(page);
  await fillContact(page, contactFor(uniqueName('emoji-campos'), 'AR'));
  for (const email of ['😀@ejemplo.com', 'مريم@مثال', 'ana@ejemplo.com\u202E']) {
    await fields(page).email.fill(email);
    await fields(page).email.blur();
    await expect(errorOf(page, 'email')).toHaveText(EMAIL_INVALID);
  }
  await fields(page).email.fill('');
  // Arabic-Indic digits and emoji are not a phone number.
  for (const whatsapp of ['١١٢٣٤٥٦٧٨٩', '11 2345 678😀']) {
    await fields(page).whatsapp.fill(whatsapp);
    await fields(page).whatsapp.blur();
    await expect(errorOf(page, 'whatsapp')).toHaveText(WHATSAPP_FORMAT);
  }
  await nextButton(page).click();
  await expect(fields(page).whatsapp).toBeFocused();
  expect(sent).toHaveLength(0);
});

const BAD_PHONES = [
  {
    pais: 'AR',
    typed: '011 2345-6789',
    message: /no es un número válido para Argentina. Escribe el código de área sin el 0/,
  },
  { pais: 'AR', typed: '123', message: /no es un número válido para Argentina/ },
  { pais: 'CL', typed: '1234', message: 'El WhatsApp no es un número válido para Chile.' },
  { pais: 'PE', typed: '11 2345 6789', message: 'El WhatsApp no es un número válido para Perú.' },
  { pais: 'UY', typed: '94-ABC-456', message: WHATSAPP_FORMAT },
  { pais: 'MX', typed: '+52 55 1234 5678', message: WHATSAPP_FORMAT },
] as const;

test('invalid WhatsApp numbers for the chosen country get a message and nothing is sent', async ({
  page,
}) => {
  const sent = captureLeadRequests(page);
  await openWizard(page);
  await fillContact(page, contactFor(uniqueName('telefono'), 'AR'));
  for (const bad of BAD_PHONES) {
    await fields(page).pais.selectOption(bad.pais);
    await fields(page).whatsapp.fill(bad.typed);
    await fields(page).whatsapp.blur();
    await expect(errorOf(page, 'whatsapp')).toHaveText(bad.message);
    await expect(fields(page).whatsapp).toHaveAttribute('aria-invalid', 'true');
  }
  await nextButton(page).click();
  await expect(fields(page).whatsapp).toBeFocused();
  await expectStep(page, 'contact');
  expect(sent).toHaveLength(0);
  // Fixing it is enough.
  await fields(page).pais.selectOption('AR');
  await fields(page).whatsapp.fill('11 2345-6789');
  await expect(errorOf(page, 'whatsapp')).toHaveText('');
  await nextButton(page).click();
  await expectStep(page, 'situation');
});

test('invalid e-mails get a message; a valid one is accepted', async ({ page }) => {
  await openWizard(page);
  const email = fields(page).email;
  for (const bad of [
    'ana',
    'ana@',
    '@ejemplo.com',
    'ana maria@ejemplo.com',
    'ana@ejemplo',
    'ana@@ejemplo.com',
  ]) {
    await email.fill(bad);
    await email.blur();
    await expect(errorOf(page, 'email')).toHaveText(EMAIL_INVALID);
  }
  await email.fill('ana.paz+tienda@ejemplo.com.ar');
  await expect(errorOf(page, 'email')).toHaveText('');
});
