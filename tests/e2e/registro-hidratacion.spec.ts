import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { blockStorage, holdScripts, hydrated } from './support/page-load';
import { REGISTRATION_COPY } from '../../src/flows/registration/copy';
import { WIZARD_STORAGE_KEY } from '../../src/services/wizard-persistence';
import {
  PHONES,
  captureLeadRequests,
  contactFor,
  expectStep,
  fields,
  fillContact,
  leadRows,
  nextButton,
  openWizard,
  uniqueName,
  type Contact,
} from './registro-helpers';

/*
 * Step 1 across the moment the page's code arrives: the fields a prospect types into before the
 * code runs are the fields the wizard uses after it, so nothing typed, chosen, focused, selected
 * or being composed is lost, whatever the visitor does while the page hydrates. And one lead per
 * business and tab: a copied tab, blocked storage and a reload never merge or double a lead.
 */

/** What the visitor sees in every field of step 1. */
async function shownValues(page: Page) {
  const f = fields(page);
  return {
    nombreEmpresa: await f.nombreEmpresa.inputValue(),
    nombre: await f.nombre.inputValue(),
    apellido: await f.apellido.inputValue(),
    pais: await f.pais.inputValue(),
    whatsapp: await f.whatsapp.inputValue(),
    email: await f.email.inputValue(),
  };
}

const typed = (contact: Contact) => ({
  nombreEmpresa: contact.nombreEmpresa,
  nombre: contact.nombre,
  apellido: contact.apellido,
  pais: contact.pais,
  whatsapp: contact.whatsapp,
  email: contact.email ?? '',
});

/** The create's body as the API received it, for what the visitor typed. */
const createdWith = (contact: Contact) => ({
  nombreEmpresa: contact.nombreEmpresa,
  nombre: contact.nombre,
  apellido: contact.apellido,
  pais: { codigo: contact.pais },
  whatsapp: PHONES[contact.pais].stored,
});

type Variant = 'set-value' | 'focus-other' | 'type-more';
const VARIANTS: Readonly<Record<Variant, string>> = {
  'set-value': 'a value set in another field',
  'focus-other': 'a tap into another field',
  'type-more': 'one more character in the same field',
};

for (const [variant, label] of Object.entries(VARIANTS) as [Variant, string][]) {
  test(`at the moment of hydration, ${label}: every value is kept and the change applied`, async ({
    page,
  }) => {
    const sent = captureLeadRequests(page);
    const scripts = await holdScripts(page);
    await page.goto('/registro');
    await scripts.requested();
    const contact = contactFor(uniqueName('Hidratación'), 'CL');
    await fillContact(page, contact);
    await fields(page).nombreEmpresa.focus();
    // Acts in the very task in which the page reports it has hydrated, before the wizard's
    // machine has rendered: the window in which hydration used to empty step 1.
    await page.evaluate((variant) => {
      const html = document.documentElement;
      const observer = new MutationObserver(() => {
        if (html.dataset.hydrated !== 'true') return;
        observer.disconnect();
        const name = document.getElementById('registro-nombreEmpresa') as HTMLInputElement;
        const first = document.getElementById('registro-nombre') as HTMLInputElement;
        if (variant === 'set-value') {
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
          setter?.call(first, `${first.value}X`);
          first.dispatchEvent(new Event('input', { bubbles: true }));
        } else if (variant === 'focus-other') {
          first.focus();
        } else {
          name.setSelectionRange(name.value.length, name.value.length);
          document.execCommand('insertText', false, 'X');
        }
        document.documentElement.dataset.variantDone = 'true';
      });
      observer.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
    }, variant);
    scripts.release();
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-variant-done', 'true');
    await expect(nextButton(page)).toBeEnabled();

    const expected = {
      ...contact,
      nombre: variant === 'set-value' ? `${contact.nombre}X` : contact.nombre,
      nombreEmpresa: variant === 'type-more' ? `${contact.nombreEmpresa}X` : contact.nombreEmpresa,
    };
    expect(await shownValues(page)).toEqual(typed(expected));
    if (variant === 'focus-other') await expect(fields(page).nombre).toBeFocused();
    // The machine holds what the fields show: the lead is created with it.
    await nextButton(page).click();
    await expectStep(page, 'situation');
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject(createdWith(expected));
  });
}

test('caret and selection stay where the visitor left them across hydration', async ({ page }) => {
  const sent = captureLeadRequests(page);
  const scripts = await holdScripts(page);
  await page.goto('/registro');
  await scripts.requested();
  const contact = contactFor('Pizzeria Luis', 'AR');
  await fillContact(page, contact);
  const name = fields(page).nombreEmpresa;
  await name.focus();
  // "zeria" selected, to be replaced by what is typed next.
  await name.evaluate((input: HTMLInputElement) => input.setSelectionRange(3, 8));
  scripts.release();
  await hydrated(page);
  await expect(nextButton(page)).toBeEnabled();
  await expect(name).toBeFocused();
  expect(
    await name.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]),
  ).toEqual([3, 8]);
  await page.keyboard.type('Z');
  await expect(name).toHaveValue('PizZ Luis');
  await nextButton(page).click();
  await expectStep(page, 'situation');
  expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({
    nombreEmpresa: 'PizZ Luis',
  });
});

test('a composition open across hydration ends with one character, not two', async ({ page }) => {
  const sent = captureLeadRequests(page);
  const cdp = await page.context().newCDPSession(page);
  const scripts = await holdScripts(page);
  await page.goto('/registro');
  await scripts.requested();
  const contact = contactFor('Caf', 'AR');
  await fillContact(page, contact);
  const name = fields(page).nombreEmpresa;
  await name.focus();
  await name.press('End');
  // An input method composing 'é' (a dead key, a phone keyboard's suggestion) when the code arrives.
  await cdp.send('Input.imeSetComposition', { text: 'é', selectionStart: 1, selectionEnd: 1 });
  scripts.release();
  await hydrated(page);
  await expect(nextButton(page)).toBeEnabled();
  await cdp.send('Input.insertText', { text: 'é' });
  await expect(name).toHaveValue('Café');
  await nextButton(page).click();
  await expectStep(page, 'situation');
  expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({ nombreEmpresa: 'Café' });
});

test('what is typed before hydration survives a reload like what is typed after', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/registro');
  await scripts.requested();
  const contact = contactFor(uniqueName('Antes y recarga'), 'PE');
  await fillContact(page, contact);
  scripts.release();
  await hydrated(page);
  await expect(nextButton(page)).toBeEnabled();
  await scripts.stop();
  await page.reload();
  await hydrated(page);
  await expect(nextButton(page)).toBeEnabled();
  expect(await shownValues(page)).toEqual(typed(contact));
  // A new visit to the page in the same tab has no form the browser could restore: the values
  // come from the wizard's saved progress.
  await page.goto('/');
  await page.goto('/registro');
  await hydrated(page);
  await expect(nextButton(page)).toBeEnabled();
  expect(await shownValues(page)).toEqual(typed(contact));
});

/**
 * Typing as a person does while the page's code arrives on a slow phone: 4x slower CPU, the
 * scripts released a little later each run, so hydration lands on a different keystroke. The
 * benchmark runs it TYPING_RUNS times (npm run bench:typing); npm test runs a few.
 */
const TYPING_RUNS = Number(process.env.TYPING_RUNS ?? 3);

async function typingRun(browser: Browser, run: number): Promise<string[]> {
  const context = await browser.newContext({ locale: 'es-AR' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const scripts = await holdScripts(page);
    await page.goto('/registro');
    await scripts.requested();
    const contact = contactFor(`Pizzeria Luis ${run} ${uniqueName('tecleo')}`, 'AR');
    const release = setTimeout(scripts.release, 150 + (run % 10) * 120);
    const f = fields(page);
    for (const field of ['nombreEmpresa', 'nombre', 'apellido'] as const) {
      await f[field].click();
      await page.keyboard.type(contact[field], { delay: 40 });
    }
    await f.pais.selectOption('AR');
    await f.whatsapp.click();
    await page.keyboard.type(contact.whatsapp, { delay: 40 });
    clearTimeout(release);
    scripts.release();
    await hydrated(page);
    await expect(nextButton(page)).toBeEnabled({ timeout: 15_000 });
    const shown = await shownValues(page);
    const lost = (['nombreEmpresa', 'nombre', 'apellido', 'whatsapp'] as const)
      .filter((field) => shown[field] !== contact[field])
      .map((field) => `run ${run}: ${field} '${shown[field]}' instead of '${contact[field]}'`);
    const stored = await page.evaluate((key) => sessionStorage.getItem(key) ?? '', WIZARD_STORAGE_KEY);
    if (!stored.includes(contact.nombreEmpresa)) lost.push(`run ${run}: the saved progress lacks the name`);
    return lost;
  } finally {
    await context.close();
  }
}

test(`typing across hydration at 4x CPU loses nothing (${TYPING_RUNS} runs)`, async ({ browser }) => {
  test.setTimeout(60_000 + TYPING_RUNS * 30_000);
  const lost: string[] = [];
  for (let run = 0; run < TYPING_RUNS; run++) lost.push(...(await typingRun(browser, run)));
  console.info(`typing across hydration at 4x CPU: ${TYPING_RUNS} runs, ${lost.length} values lost`);
  expect(lost).toEqual([]);
});

test('a copied tab: another business there is another lead, the same business is the same lead', async ({
  context,
}) => {
  const first = await context.newPage();
  await openWizard(first);
  const business = contactFor(uniqueName('Pestaña original'));
  await fillContact(first, business);
  await expect
    .poll(() => first.evaluate((key) => sessionStorage.getItem(key) ?? '', WIZARD_STORAGE_KEY))
    .toContain(business.nombreEmpresa);

  // Duplicating a tab copies its session storage: saved progress and the tab's key seed.
  const storage = await first.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  const copyOf = async () => {
    const page = await context.newPage();
    await page.addInitScript((entries) => {
      if (sessionStorage.length > 0) return;
      for (const [key, value] of JSON.parse(entries) as [string, string][])
        sessionStorage.setItem(key, value);
    }, storage);
    await openWizard(page);
    await expect(fields(page).nombreEmpresa).toHaveValue(business.nombreEmpresa);
    return page;
  };
  const other = await copyOf();
  const same = await copyOf();
  const otherName = uniqueName('Pestaña copiada');
  await fields(other).nombreEmpresa.fill(otherName);

  for (const page of [first, other, same]) {
    await nextButton(page).click();
    await expectStep(page, 'situation');
  }
  const [original] = leadRows(business.nombreEmpresa);
  const [copied] = leadRows(otherName);
  expect(leadRows(business.nombreEmpresa)).toHaveLength(1);
  expect(leadRows(otherName)).toHaveLength(1);
  expect(copied?.id).not.toBe(original?.id);

  // Their later changes go to their own leads.
  await first.getByRole('radio', { name: 'Todavía no empecé a vender' }).check();
  await other.getByRole('radio', { name: 'Quiero simplificar la gestión de mi negocio' }).check();
  await expect
    .poll(() => [
      JSON.parse(String(leadRows(business.nombreEmpresa)[0]?.data.infoEmpresa ?? '{}')).situacionActual,
      JSON.parse(String(leadRows(otherName)[0]?.data.infoEmpresa ?? '{}')).situacionActual,
    ])
    .toEqual(['aun_no_comienza', 'facilitar_gestion']);
});

test('storage blocked: the wizard says so once, and a reload does not make a second lead', async ({
  page,
}) => {
  await blockStorage(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const sent = captureLeadRequests(page);
  const notice = page.getByText(REGISTRATION_COPY.contacto.sinAlmacenamiento);
  const contact = contactFor(uniqueName('Sin almacenamiento'));

  await openWizard(page);
  await expect(notice).toHaveCount(1);
  await expect(notice).toBeVisible();
  await fillContact(page, contact);
  await nextButton(page).click();
  await expectStep(page, 'situation');
  await expect(notice).toHaveCount(0);

  await page.reload();
  await hydrated(page);
  await expectStep(page, 'contact');
  await expect(notice).toHaveCount(1);
  await fillContact(page, contact);
  await nextButton(page).click();
  await expectStep(page, 'situation');

  const creates = sent.filter((request) => request.method === 'POST');
  expect(creates).toHaveLength(2);
  expect(creates[1]?.idempotencyKey).toBe(creates[0]?.idempotencyKey);
  expect(leadRows(contact.nombreEmpresa)).toHaveLength(1);
  expect(errors).toEqual([]);
});
