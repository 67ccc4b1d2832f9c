import Database from 'better-sqlite3';
import pg from 'pg';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/test';
import { blockStorage, hydrated } from './support/page-load';
import { E2E_DATABASE_URL, E2E_DB_FILE } from '../../playwright.config';
import {
  MAINTENANCE,
  captureLeadRequests,
  choose,
  contactFor,
  expectStep,
  fillContact,
  infoOf,
  nextButton,
  openWizard,
  type Contact,
} from './registro-helpers';

/**
 * One lead per business (its name and WhatsApp number), whatever happens between the browser and
 * the API: a late answer followed by a correction, a reload with storage blocked and the business
 * typed again a little differently, the same business typed in two tabs at once.
 */

const API = '**/api/prospectos/';
/** LEAD_REQUEST_TIMEOUT_MS of src/services/leads.ts. */
const CLIENT_TIMEOUT_MS = 10_000;

/** A token no other test's business name holds: every spelling of one business carries it. */
const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

interface Row {
  id: string;
  data: Record<string, unknown>;
}

/**
 * Every stored lead whose business name holds the token, whatever its spelling, read from the
 * server's database: the SQLite file, or PostgreSQL when the run sets E2E_DATABASE_URL.
 */
async function leadsWith(tokenText: string): Promise<Row[]> {
  if (E2E_DATABASE_URL) {
    const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<Row>(
        "SELECT id, data FROM prospectos WHERE strpos(data->>'nombreEmpresa', $1) > 0 ORDER BY seq",
        [tokenText],
      );
      return rows;
    } finally {
      await client.end();
    }
  }
  const db = new Database(E2E_DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[string], { id: string; data: string }>(
        "SELECT id, data FROM prospectos WHERE instr(json_extract(data, '$.nombreEmpresa'), ?) > 0 ORDER BY rowid",
      )
      .all(tokenText)
      .map((r) => ({ id: r.id, data: JSON.parse(r.data) as Record<string, unknown> }));
  } finally {
    db.close();
  }
}

/** Waits until exactly one lead holds the token and passes the check; returns it. */
async function expectOneLeadWith(tokenText: string, check: (data: Record<string, unknown>) => boolean) {
  await expect
    .poll(async () => {
      const rows = await leadsWith(tokenText);
      return rows.length === 1 && rows[0] !== undefined && check(rows[0].data) ? 1 : rows.length;
    })
    .toBe(1);
  const [row] = await leadsWith(tokenText);
  if (!row) throw new Error('unreachable');
  return row;
}

/**
 * Holds the first create's answer until the test has seen the browser give up (`gaveUp()`); the
 * server stores it meanwhile.
 */
async function answerFirstCreateLate(page: Page): Promise<{ gaveUp: () => void }> {
  let late = true;
  let gaveUp: () => void = () => {};
  const givenUp = new Promise<void>((resolve) => (gaveUp = resolve));
  await page.route(API, async (route: Route) => {
    if (route.request().method() !== 'POST' || !late) return route.fallback();
    late = false;
    const response = await route.fetch();
    await givenUp;
    await route.fulfill({ response }).catch(() => undefined);
  });
  return { gaveUp };
}

test.describe('a late answer, then a correction', () => {
  test.use({ expectedRequestFailures: ['/api/prospectos/'] });

  for (const correction of [
    {
      name: 'a corrected e-mail',
      change: (c: Contact): Contact => ({ ...c, email: 'lucia.fernandez@example.com' }),
    },
    {
      name: 'a corrected WhatsApp number (another business for the rule: only the kept key joins them)',
      change: (c: Contact): Contact => ({ ...c, whatsapp: '11 2345-6780' }),
    },
  ]) {
    test(`${correction.name} and 'Siguiente' update the first lead`, async ({ page }) => {
      test.setTimeout(90_000);
      const mark = token();
      const contact = contactFor(`E2E Tardía ${mark}`);
      const corrected = correction.change(contact);
      const sent = captureLeadRequests(page);
      const answer = await answerFirstCreateLate(page);
      await openWizard(page);
      await fillContact(page, contact);
      await nextButton(page).click();
      await expect(page.getByRole('alert')).toContainText(MAINTENANCE, {
        timeout: CLIENT_TIMEOUT_MS + 5_000,
      });
      answer.gaveUp();
      // The create the browser gave up on was stored.
      await expect.poll(async () => (await leadsWith(mark)).length).toBe(1);

      await fillContact(page, corrected);
      await nextButton(page).click();
      await expectStep(page, 'situation');
      await choose(page, 'Quiero conseguir más clientes');
      const row = await expectOneLeadWith(
        mark,
        (data) =>
          data.email === corrected.email &&
          String(data.whatsapp).endsWith(corrected.whatsapp.replace(/\D/g, '')) &&
          infoOf(data).situacionActual === 'buscar_mas_clientes',
      );
      const posts = sent.filter((r) => r.method === 'POST');
      expect(posts).toHaveLength(2);
      expect(posts[1]?.idempotencyKey).toBe(posts[0]?.idempotencyKey);
      for (const put of sent.filter((r) => r.method === 'PUT')) expect(put.body.id).toBe(row.id);
    });
  }
});

test('storage blocked: the business typed again after a reload (no e-mail, no accents) is the same lead', async ({
  page,
}) => {
  await blockStorage(page);
  const mark = token();
  const first: Contact = { ...contactFor(`E2E Panadería Ñandú ${mark}`), nombre: 'Lucía' };
  const again: Contact = {
    ...contactFor(`e2e  panaderia nandu ${mark}`),
    nombre: 'Lucia',
    apellido: 'Fernandez',
    whatsapp: '1123456789',
    email: '',
  };

  await openWizard(page);
  await fillContact(page, first);
  await nextButton(page).click();
  await expectStep(page, 'situation');
  await choose(page, 'Quiero conseguir más clientes');
  await expectStep(page, 'category');
  await expect
    .poll(async () => infoOf((await leadsWith(mark))[0]?.data ?? { infoEmpresa: '{}' }).situacionActual)
    .toBe('buscar_mas_clientes');

  await page.reload();
  await hydrated(page);
  await expectStep(page, 'contact');
  await fillContact(page, again);
  await nextButton(page).click();
  await expectStep(page, 'situation');

  // One lead: the re-typed spelling corrects it; what the first visit answered and typed is kept.
  const row = await expectOneLeadWith(mark, (data) => data.nombreEmpresa === again.nombreEmpresa.trim());
  expect(row.data.email).toBe(first.email);
  expect(infoOf(row.data).situacionActual).toBe('buscar_mas_clientes');
});

test('the same business typed in two tabs at the same moment is one lead', async ({ context }) => {
  const mark = token();
  const [one, two] = [await context.newPage(), await context.newPage()];
  const sent = [captureLeadRequests(one), captureLeadRequests(two)];
  await Promise.all([openWizard(one), openWizard(two)]);
  await fillContact(one, contactFor(`E2E Dos Pestañas ${mark}`));
  await fillContact(two, { ...contactFor(`E2E Dos Pestanas ${mark}`), email: 'otra@example.com' });
  await Promise.all([nextButton(one).click(), nextButton(two).click()]);
  await Promise.all([expectStep(one, 'situation'), expectStep(two, 'situation')]);
  await choose(one, 'Quiero conseguir más clientes');
  await expectStep(one, 'category');
  await choose(one, 'Gastronomía');
  await expectStep(one, 'sector');

  const row = await expectOneLeadWith(mark, (data) => infoOf(data).rubro === 'gastronomico');
  const posts = sent.flat().filter((r) => r.method === 'POST');
  expect(posts).toHaveLength(2);
  expect(posts[0]?.idempotencyKey).not.toBe(posts[1]?.idempotencyKey);
  // The second tab goes on with the same lead.
  await choose(two, 'Otra situación');
  await expect
    .poll(async () => {
      const rows = await leadsWith(mark);
      return rows.length === 1 && rows[0]?.id === row.id ? infoOf(rows[0].data).situacionActual : rows.length;
    })
    .toBe('otros');
});
