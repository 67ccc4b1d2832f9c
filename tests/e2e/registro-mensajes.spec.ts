import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { contactFor, fields, fillContact, nextButton, openWizard, uniqueName } from './registro-helpers';
import { holdScripts, hydrated } from './support/page-load';

/**
 * Step 1 says what the wizard's machine decided, and only that: every message the machine holds
 * is next to its field, tied to it (aria-invalid, aria-describedby) and announced (a polite live
 * region), whether the machine judged a field the visitor left, a submit, or a value it refused.
 */

const NOMBRE_NEEDED = 'Ingresa tu nombre.';
const APELLIDO_NEEDED = 'Ingresa tu apellido.';
const EMAIL_INVALID = 'El e-mail no es válido. Revisa que tenga la forma nombre@dominio.com.';
const NOMBRE_TOO_LONG = 'El nombre no puede superar los 120 caracteres.';

const messageOf = (page: Page, id: string) => page.locator(`#registro-${id}-error`);

/** The field shows `text` right under it, is marked invalid, is described by it, and announces it. */
async function expectMessage(page: Page, field: Locator, id: string, text: string) {
  const message = messageOf(page, id);
  await expect(message).toHaveText(text);
  await expect(message).toBeVisible();
  await expect(message).toHaveAttribute('aria-live', 'polite');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAttribute('aria-describedby', new RegExp(`(^| )registro-${id}-error( |$)`));
  await expect(field).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  // Next to its field: the message starts below the field, within the same block of the form.
  const [fieldBox, messageBox] = [await field.boundingBox(), await message.boundingBox()];
  expect(fieldBox && messageBox && messageBox.y >= fieldBox.y + fieldBox.height - 1).toBe(true);
  expect(fieldBox && messageBox && messageBox.y - (fieldBox.y + fieldBox.height) < 40).toBe(true);
}

async function expectNoMessage(page: Page, field: Locator, id: string) {
  await expect(messageOf(page, id)).toHaveText('');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

test('a field left empty, a submit the rules refuse and a correction: the machine’s messages, each next to its field', async ({
  page,
}) => {
  await openWizard(page);
  const f = fields(page);

  // Leaving a field: only that field speaks.
  await f.nombre.focus();
  await f.nombre.blur();
  await expectMessage(page, f.nombre, 'nombre', NOMBRE_NEEDED);
  await expectNoMessage(page, f.apellido, 'apellido');

  // Correcting it takes the message away as the visitor types.
  await f.nombre.fill('Lucía');
  await expectNoMessage(page, f.nombre, 'nombre');

  // A submit the rules refuse: the message, and the focus on the field to correct.
  await fillContact(page, { ...contactFor(uniqueName('mensajes'), 'CL'), email: 'lucia@' });
  await nextButton(page).click();
  await expectMessage(page, f.email, 'email', EMAIL_INVALID);
  await expect(f.email).toBeFocused();
  for (const id of ['nombreEmpresa', 'nombre', 'apellido', 'pais', 'whatsapp'] as const)
    await expectNoMessage(page, f[id], id);

  // After a submit every field speaks as soon as it turns wrong, and goes quiet once right.
  await f.apellido.fill('');
  await expectMessage(page, f.apellido, 'apellido', APELLIDO_NEEDED);
  await f.apellido.fill('Fernández');
  await expectNoMessage(page, f.apellido, 'apellido');
  await f.email.fill('lucia@example.com');
  await expectNoMessage(page, f.email, 'email');
});

test('choosing «Elige tu país» again keeps the country, and the field says why', async ({ page }) => {
  await openWizard(page);
  const f = fields(page);
  await f.pais.selectOption('PE');
  await f.pais.selectOption('');
  await expect(f.pais).toHaveValue('PE');
  await expectMessage(page, f.pais, 'pais', 'Elige tu país.');
  await f.pais.selectOption('CO');
  await expectNoMessage(page, f.pais, 'pais');
});

test('a value only the machine refuses, handed over when it starts, gets the field’s message', async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto('/registro');
  await scripts.requested();
  // Something other than typing (an extension, a password manager) fills the name past its
  // limit before the page's code runs: the machine does not keep it, and says so.
  await page.locator('#registro-nombre').evaluate((input: HTMLInputElement) => {
    input.removeAttribute('maxlength');
    input.value = 'x'.repeat(130);
  });
  scripts.release();
  await hydrated(page);
  const f = fields(page);
  await expectMessage(page, f.nombre, 'nombre', NOMBRE_TOO_LONG);
  await expect(nextButton(page)).toBeDisabled();
});
