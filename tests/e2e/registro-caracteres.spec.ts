import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
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

/**
 * A referral code is measured one way on every side (issue 51, item 4): a code of letters outside
 * the basic plane that the landing keeps is one the wizard's restore keeps, so its progress
 * survives a reload; and a name with an invisible or reordering character gets a Spanish message
 * next to its field before any save, never a lost lead.
 */

/** Twenty mathematical bold capitals: forty UTF-16 units, twenty characters. */
const ASTRAL_CODE = Array.from({ length: 20 }, (_, i) => String.fromCodePoint(0x1d400 + i)).join('');

const errorOf = (page: Page, field: string) => page.locator(`#registro-${field}-error`);

test('a 20-letter referral code outside the basic plane: the progress survives a reload', async ({
  page,
}) => {
  await openWizard(page, `?ref=${encodeURIComponent(ASTRAL_CODE)}`);
  const contact = contactFor(uniqueName('Referido astral'));
  await fillContact(page, contact);
  await nextButton(page).click();
  await expectStep(page, 'situation');
  await expectOneLead(contact.nombreEmpresa, (data) => data.codigoReferido === ASTRAL_CODE);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // The wizard resumed where it was, with the same lead: not back to an empty step 1.
  await expectStep(page, 'situation');
  await page.getByRole('radio', { name: 'Quiero conseguir más clientes', exact: true }).check();
  await nextButton(page).click();
  await expectStep(page, 'category');
  await expect.poll(() => leadRows(contact.nombreEmpresa).length).toBe(1);
  await expect
    .poll(() => String(leadRows(contact.nombreEmpresa)[0]?.data.infoEmpresa ?? ''))
    .toContain('situacionActual');
});

test('a line separator pasted into a name is refused next to the field, in Spanish; corrected, the lead is saved', async ({
  page,
}) => {
  await openWizard(page);
  const contact = contactFor(uniqueName('Separador'));
  await fillContact(page, { ...contact, nombre: 'Lucía\u2028Inés' });
  await fields(page).email.blur();
  await expect(errorOf(page, 'nombre')).toHaveText(
    'El nombre tiene un salto de línea o un carácter invisible (suele venir al copiar y pegar). Escríbelo de nuevo.',
  );
  await expect(fields(page).nombre).toHaveAttribute('aria-invalid', 'true');
  await nextButton(page).click();
  await expect(fields(page).nombre).toBeFocused();
  expect(leadRows(contact.nombreEmpresa)).toHaveLength(0);

  await fields(page).nombre.fill('Lucía');
  await expect(errorOf(page, 'nombre')).toHaveText('');
  await nextButton(page).click();
  await expectStep(page, 'situation');
  await expectOneLead(contact.nombreEmpresa, (data) => data.nombre === 'Lucía');
});
