import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { holdScripts, hydrated } from './support/page-load';
import { HELD_FIELDS_KEY } from '../../src/boot/held-fields';
import { STARTUP_RETRY_WAITS_MS } from '../../src/domain/first-seconds';
import { DOWNLOAD_FAILED_MESSAGE } from '../../src/domain/messages';
import {
  contactFor,
  expectOneLead,
  expectStep,
  fields,
  fillContact,
  nextButton,
  PHONES,
  uniqueName,
  type Contact,
} from './registro-helpers';

/**
 * Step 1 never goes silent (issue 51, item 3). A file the wizard needs to start (its machine and
 * XState, step 1's rules) that fails every time: step 1 says so with the message of a missing save
 * file within 10 s of the page's load, the file is asked for a bounded number of times with
 * growing waits (not once per focus), and what was typed survives the reload the visitor then
 * makes, as does text typed while the page's code never ran. Nothing is lost or doubled once the
 * code arrives.
 */

/** Tries of a start-up file: the first, then one after each wait. */
const TRIES = 1 + STARTUP_RETRY_WAITS_MS.length;
/** The whole schedule of tries, with a second to spare for each try's own failure. */
const ALL_TRIES_MS = STARTUP_RETRY_WAITS_MS.reduce((sum, wait) => sum + wait, 0) + TRIES * 1000;

/** Requests for a chunk, each with when it was asked (ms). */
async function failEveryTime(page: Page, chunk: RegExp): Promise<number[]> {
  const asked: number[] = [];
  await page.route(chunk, (route) => {
    asked.push(Date.now());
    return route.abort('failed');
  });
  return asked;
}

/**
 * Requests of one try (its module preload and its import) come together; tries come at least the
 * shortest wait apart. The line between them is just under that wait, so a loaded machine that
 * spaces a try's two requests by half a second still counts one try.
 */
const SAME_TRY_MS = Math.min(...STARTUP_RETRY_WAITS_MS) * 0.9;

/** Groups the requests of each try. */
function triesOf(asked: readonly number[]): number[] {
  return asked.filter((at, i) => i === 0 || at - (asked[i - 1] ?? 0) > SAME_TRY_MS);
}

/** Moves the focus through step 1, as a visitor looking for what is wrong does. */
async function wanderThroughFields(page: Page, rounds: number): Promise<void> {
  const f = fields(page);
  for (let i = 0; i < rounds; i++) {
    await f.nombre.focus();
    await f.apellido.focus();
    await f.whatsapp.focus();
    // eslint-disable-next-line no-restricted-properties -- a visitor's pace; the schedule under test is real time.
    await page.waitForTimeout(250);
  }
}

async function expectFields(page: Page, contact: Contact): Promise<void> {
  const f = fields(page);
  await expect(f.nombreEmpresa).toHaveValue(contact.nombreEmpresa);
  await expect(f.nombre).toHaveValue(contact.nombre);
  await expect(f.apellido).toHaveValue(contact.apellido);
  await expect(f.pais).toHaveValue(contact.pais);
  await expect(f.whatsapp).toHaveValue(contact.whatsapp);
  await expect(f.email).toHaveValue(contact.email ?? '');
}

const failureMessage = (page: Page) => page.getByRole('alert').filter({ hasText: DOWNLOAD_FAILED_MESSAGE });

const heldNow = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), HELD_FIELDS_KEY);

test("the wizard's code fails every time: step 1 says so within 10 s, asks a bounded number of times, and a reload keeps every field", async ({
  page,
  hygiene,
}) => {
  test.setTimeout(90_000);
  const chunk = /\/assets\/start-wizard-[^/]+\.js$/;
  hygiene.expectRequestFailure(chunk);
  hygiene.expectConsole(/Failed to fetch dynamically imported module/);
  const asked = await failEveryTime(page, chunk);
  await page.goto('/registro');
  await hydrated(page);
  const contact = contactFor(uniqueName('Arranque fallido'), 'CL');
  await fillContact(page, contact);

  // The message of a missing save file, in step 1, within 10 s of the page's load.
  await expect(failureMessage(page)).toBeVisible({ timeout: 10_000 });
  const shownAt = await page.evaluate(() => performance.now());
  expect(shownAt).toBeLessThan(10_000);
  await expect(nextButton(page)).toBeDisabled();

  // Focus after focus, for as long as the tries last: the file is asked for on its schedule only.
  const firstAsked = asked[0] ?? Date.now();
  while (Date.now() - firstAsked < ALL_TRIES_MS) await wanderThroughFields(page, 4);
  const askedWhenDone = asked.length;
  await wanderThroughFields(page, 12);
  expect(asked.length, 'no request after the last try').toBe(askedWhenDone);
  const tries = triesOf(asked);
  expect(tries).toHaveLength(TRIES);
  expect(asked.length).toBeLessThanOrEqual(2 * TRIES);
  // Each wait longer than the one before.
  const gaps = tries.slice(1).map((at, i) => at - (tries[i] ?? 0));
  for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThan(gaps[i - 1] ?? 0);
  await expect(failureMessage(page)).toBeVisible();
  await expectFields(page, contact);

  // The visitor reloads, as the message says: every field is there, still failing.
  await page.reload();
  await expectFields(page, contact);
  await hydrated(page);
  await expect(failureMessage(page)).toBeVisible({ timeout: 10_000 });
  await expectFields(page, contact);

  // The network is back: one more reload, the machine takes the fields, and one lead is saved.
  await page.unroute(chunk);
  await page.reload();
  await hydrated(page);
  await expectFields(page, contact);
  await expect(nextButton(page)).toBeEnabled();
  await expect(failureMessage(page)).toHaveCount(0);
  await expect.poll(() => heldNow(page)).toBeNull();
  await nextButton(page).click();
  await expectStep(page, 'situation');
  await expectOneLead(
    contact.nombreEmpresa,
    (data) => data.whatsapp === PHONES.CL.stored && data.email === contact.email,
  );
});

test("step 1's rules fail every time: asked a bounded number of times, and the lead is still saved", async ({
  page,
  hygiene,
}) => {
  test.setTimeout(60_000);
  const chunk = /\/assets\/contact-validation-[^/]+\.js$/;
  hygiene.expectRequestFailure(chunk);
  hygiene.expectConsole(/Failed to fetch dynamically imported module/);
  const asked = await failEveryTime(page, chunk);
  await page.goto('/registro');
  await hydrated(page);
  const contact = contactFor(uniqueName('Reglas sin descargar'));
  await fillContact(page, contact);
  const firstAsked = asked[0] ?? Date.now();
  while (Date.now() - firstAsked < ALL_TRIES_MS) await wanderThroughFields(page, 4);
  const askedWhenDone = asked.length;
  await wanderThroughFields(page, 12);
  expect(asked.length).toBe(askedWhenDone);
  expect(triesOf(asked)).toHaveLength(TRIES);
  expect(asked.length).toBeLessThanOrEqual(2 * TRIES);
  // Without the rules the API judges the same data: the lead is saved.
  await nextButton(page).click();
  await expectStep(page, 'situation');
  await expectOneLead(contact.nombreEmpresa);
});

test('text typed while the page’s code never ran survives a reload, and reaches the lead once', async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto('/registro');
  await scripts.requested();
  const contact = contactFor(uniqueName('Sin código'), 'MX');
  await fillContact(page, contact);
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');

  // Reloaded with the code still held: the head script puts every field back.
  await page.reload();
  await scripts.requested();
  await expectFields(page, contact);
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  // More typed before the code runs joins what was put back, once.
  await fields(page).nombreEmpresa.press('End');
  await fields(page).nombreEmpresa.pressSequentially(' 2');
  const typed = { ...contact, nombreEmpresa: `${contact.nombreEmpresa} 2` };

  scripts.release();
  await hydrated(page);
  await expectFields(page, typed);
  await expect(nextButton(page)).toBeEnabled();
  // The machine keeps them now: nothing stays held.
  await expect.poll(() => heldNow(page)).toBeNull();
  await nextButton(page).click();
  await expectStep(page, 'situation');
  await expectOneLead(typed.nombreEmpresa, (data) => data.whatsapp === PHONES.MX.stored);

  // A reload from here is the machine's: the wizard resumes at step 2, step 1 is not refilled.
  await page.reload();
  await hydrated(page);
  await expectStep(page, 'situation');
});
