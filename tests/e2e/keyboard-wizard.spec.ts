import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
  HEADINGS,
  MOBILE,
  PHONES,
  captureLeadRequests,
  expectOneLead,
  expectStep,
  fields,
  infoOf,
  nextButton,
  openWizard,
  uniqueName,
} from './registro-helpers';

/**
 * The whole wizard with the keyboard only: Tab and Shift+Tab to move, typing into fields, arrow
 * keys for the country list and the radio groups, Space and Enter to choose and go on. No click.
 * The lead ends up stored by the local API.
 */
const MAX_TABS = 60;

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < MAX_TABS; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** Moves through a focused radio group with the arrow keys until `label` is checked. */
async function arrowToRadio(page: Page, label: string) {
  const radio = page.getByRole('radio', { name: label, exact: true });
  const group = page.getByRole('radio');
  const total = await group.count();
  for (let i = 0; i <= total; i++) {
    if (await radio.isChecked()) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(radio).toBeChecked();
  await expect(radio).toBeFocused();
}

/** Tabs into the step's radio group, chooses `label`, and goes on with Enter on Siguiente. */
async function chooseByKeyboard(page: Page, label: string) {
  await tabTo(page, page.getByRole('radio').first());
  // The first radio of the group takes the focus unchecked; Space checks it, arrows move on.
  await page.keyboard.press('Space');
  await arrowToRadio(page, label);
  await tabTo(page, nextButton(page));
  await page.keyboard.press('Enter');
}

test.use({ viewport: MOBILE });

test('the whole wizard, keyboard only, from /registro to the thanks step with the lead stored', async ({
  page,
}) => {
  const sent = captureLeadRequests(page);
  const name = uniqueName('teclado');
  await openWizard(page);
  const f = fields(page);

  await tabTo(page, f.nombreEmpresa);
  await page.keyboard.type(name);
  await tabTo(page, f.nombre);
  await page.keyboard.type('Lucía');
  await tabTo(page, f.apellido);
  await page.keyboard.type('Fernández');
  // Back and forth: Shift+Tab returns to the name field, Tab comes back.
  await tabTo(page, f.nombre, 'Shift+Tab');
  await tabTo(page, f.pais);
  for (let i = 0; i < 10 && (await f.pais.inputValue()) !== 'AR'; i++) await page.keyboard.press('ArrowDown');
  await expect(f.pais).toHaveValue('AR');
  await tabTo(page, f.whatsapp);
  await page.keyboard.type(PHONES.AR.typed);
  await tabTo(page, f.email);
  await page.keyboard.type('lucia@example.com');
  await tabTo(page, nextButton(page));
  await expect(nextButton(page)).toBeEnabled();
  await page.keyboard.press('Enter');

  await expectStep(page, 'situation');
  await chooseByKeyboard(page, 'Quiero conseguir más clientes');
  await expectStep(page, 'category');
  await chooseByKeyboard(page, 'Gastronomía');
  await expectStep(page, 'sector');
  await chooseByKeyboard(page, 'Pizzería');
  await expectStep(page, 'thanks');
  await expect(page.getByRole('heading', { level: 2, name: HEADINGS.thanks })).toBeVisible();

  await expectOneLead(name, (data) => infoOf(data).sector === 'pizzeria');
  expect(sent.length).toBeGreaterThan(0);
});
