import { expect, test } from './support/test';
import {
  HEADINGS,
  captureLeadRequests,
  choose,
  contactFor,
  expectOneLead,
  expectStep,
  fields,
  fillContact,
  infoOf,
  nextButton,
  openWizard,
  uniqueName,
} from './registro-helpers';

const ANOTHER = 'Registrar otro negocio';

test("coming back to /registro after step 5 offers 'Registrar otro negocio': a fresh wizard, a new lead, the first one untouched", async ({
  page,
}) => {
  const sent = captureLeadRequests(page);
  const first = uniqueName('primer negocio');
  const second = uniqueName('segundo negocio');

  await openWizard(page);
  await fillContact(page, contactFor(first));
  await nextButton(page).click();
  await expectStep(page, 'situation');
  await choose(page, 'Quiero conseguir más clientes');
  await choose(page, 'Gastronomía');
  await choose(page, 'Pizzería');
  await expectStep(page, 'thanks');
  const firstLead = await expectOneLead(first, (data) => infoOf(data).sector === 'pizzeria');

  // Away and back in the same tab: the finished wizard is still there, with the offer.
  await page.goto('/');
  await openWizardAtThanks();
  const another = page.getByRole('button', { name: ANOTHER });
  await expect(another).toBeEnabled();
  await another.click();

  await expectStep(page, 'contact');
  await expect(page.getByRole('heading', { level: 2, name: HEADINGS.contact })).toBeFocused();
  await expect(fields(page).nombreEmpresa).toHaveValue('');
  await expect(page.getByText('Paso 1 de 4')).toBeVisible();
  await fillContact(page, contactFor(second, 'CL'));
  await nextButton(page).click();
  await expectStep(page, 'situation');
  await choose(page, 'Otra situación');
  await expectOneLead(second, (data) => infoOf(data).situacionActual === 'otros');

  // Two creates with different keys; nothing after the restart went to the first lead.
  const posts = sent.filter((r) => r.method === 'POST');
  expect(posts.map((r) => r.body.nombreEmpresa)).toEqual([first, second]);
  expect(posts[0]?.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
  expect(posts[1]?.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
  expect(posts[1]?.idempotencyKey).not.toBe(posts[0]?.idempotencyKey);
  const restartAt = sent.indexOf(posts[1] as (typeof sent)[number]);
  expect(sent.slice(restartAt).filter((r) => r.body.id === firstLead.id)).toEqual([]);
  expect((await expectOneLead(first)).data).toEqual(firstLead.data);

  async function openWizardAtThanks() {
    await page.goto('/registro');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expectStep(page, 'thanks');
  }
});

test('another tab (its own session) starts at step 1, without the offer', async ({ page }) => {
  await openWizard(page);
  await expect(page.getByRole('button', { name: ANOTHER })).toHaveCount(0);
});
