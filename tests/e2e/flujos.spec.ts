import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './support/page-checks';
import { createActor } from 'xstate';
import { flows } from '../../explorer/src/catalogue';
import { flowName } from '../../explorer/src/flows';
import { activeStateIds, allNodes } from '../../flow-kit';

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

async function open(page: Page, hash: string) {
  await page.goto(`/flujos/${hash}`);
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
    await expect(card.locator('code[lang="en"]')).toHaveText(flow.machine.id);
    await expect(card.locator('dd').first()).toHaveText(String(allNodes(flow.machine.root).length - 1));
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
  await page.getByLabel('Entrada').selectOption({ label: 'Caso: skipRedirect, sin plan' });
  await expect(state(page, 'welcome.preparing')).toHaveAttribute('data-active', 'true');
  await page.getByRole('button', { name: /^Dejar pasar la espera de 2000 ms.*redirectDelay$/ }).click();
  await expect(state(page, 'welcome.ready')).toHaveAttribute('data-active', 'true');
  await expect(state(page, 'welcome.ready.staying')).toHaveAttribute('data-active', 'true');
  await expect(state(page, 'welcome.preparing')).not.toHaveAttribute('data-active', 'true');
});

async function fillContactAndCreate(page: Page) {
  const change = panels(page).getByRole('button', { name: /contact\.change/ });
  // One button per empty field, in order; each click fills one, and the next field's button follows.
  for (let i = 0; i < 10 && (await change.count()) > 0; i++) {
    const name = (await change.first().textContent()) ?? '';
    await change.first().click();
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(change).toHaveCount(0);
  await panels(page)
    .getByRole('button', { name: /contact\.submit/ })
    .click();
  // The fields are checked with the shared rules first, then the lead is created.
  await expect(state(page, 'leadWizard.steps.contact.validating')).toHaveAttribute('data-active', 'true');
  await panels(page)
    .getByRole('button', { name: /^Responde/ })
    .first()
    .click();
  await expect(state(page, 'leadWizard.steps.contact.creating')).toHaveAttribute('data-active', 'true');
  await panels(page)
    .getByRole('button', { name: /^Responde/ })
    .first()
    .click();
  await expect(state(page, 'leadWizard.steps.situation')).toHaveAttribute('data-active', 'true');
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
  await expect(contextValue(page, 'sector')).toHaveText('«pizzeria»');
});

test('a shared link opened in a fresh context shows the same steps, state, selection, zoom and collapsed region', async ({
  page,
  context,
  browser,
  hygiene,
}) => {
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
  expect(link).toContain(';responde:createLead=(id:lead-42,estado:nuevo);situation.select=(value:');
  expect(link).toContain(`&estado=steps.situation&zoom=${zoom}&plegados=sync.updating`);
  expect(link).not.toMatch(/[?&]e=/);
  const contextText = await page.getByRole('region', { name: 'Contexto' }).locator('dl').textContent();

  const fresh = await browser.newContext();
  await hygiene.watch(fresh);
  const other = await fresh.newPage();
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

test.describe('at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  for (const flow of flows) {
    test(`${flow.slug}: 'Ajustar a la pantalla' shows the whole diagram readable`, async ({ page }) => {
      await open(page, `#/${flow.slug}`);
      // The diagram starts within the first screen and fills its height.
      const viewport = await page.locator('.diagram-viewport').boundingBox();
      expect(viewport?.y ?? 999).toBeLessThan(120);
      expect(viewport?.height ?? 0).toBeGreaterThan(600);
      await page.getByRole('button', { name: 'Ajustar a la pantalla' }).click();
      const zoom = await zoomOf(page);
      console.info(`[flujos] ${flow.slug}: ajustado al ${zoom} % en 1366×768`);
      if (flow.slug !== 'lead-wizard') expect(zoom).toBeGreaterThanOrEqual(50);
      else {
        // The wizard: readable with the parts of its regions collapsed.
        for (const id of ['leadWizard.steps.contact', 'leadWizard.sync.updating']) {
          await page.locator(`[data-toggle-of="${id}"]`).focus();
          await page.keyboard.press('Enter');
        }
        await expect(state(page, 'leadWizard.steps.contact.editing')).toHaveCount(0);
        await page.getByRole('button', { name: 'Ajustar a la pantalla' }).click();
        const collapsed = await zoomOf(page);
        console.info(`[flujos] lead-wizard, contacto y envío plegados: ${collapsed} %`);
        expect(collapsed).toBeGreaterThanOrEqual(50);
      }
    });
  }
});

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

test('nothing on the explorer is in English but identifiers, marked lang="en"', async ({ page }) => {
  // The catalogue's titles, descriptions and notes are translated in the catalogue itself.
  const catalogue = flows.flatMap((f) => [
    f.title,
    f.description,
    ...Object.values(f.notes).flatMap((n) => Object.values(n as Record<string, string>)),
  ]);
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
  await expect(state(page, 'leadWizard.steps.contact.editing')).toHaveAttribute('data-active', 'true');
  const ms = await page.evaluate(() => performance.getEntriesByName('flujos:diagrama')[0]?.startTime ?? -1);
  console.info(`[flujos] first lead wizard diagram ${Math.round(ms)} ms after navigation start`);
  expect(ms).toBeGreaterThan(0);
  expect(ms).toBeLessThan(5000);
});

for (const width of [360, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });
    for (const hash of ['', ...flows.map((f) => `#/${f.slug}`)]) {
      test(`/flujos/${hash} has no accessibility violations`, async ({ page }) => {
        await page.goto(`/flujos/${hash}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (hash) await expect(page.locator('[data-active="true"]').first()).toBeVisible();
        await expectNoAxeViolations(page, `/flujos/${hash} at ${width} px`);
        await expectNoHorizontalScroll(page, `/flujos/${hash} at ${width} px`);
      });
    }
    test(`/flujos/#/lead-wizard with a state selected, a region collapsed and a search has no accessibility violations`, async ({
      page,
    }) => {
      await open(page, '#/lead-wizard?estado=steps.contact&plegados=sync');
      await page.getByLabel('Buscar un estado').fill('paso');
      await expect(page.getByRole('list', { name: 'Estados encontrados' })).toBeVisible();
      await expectNoAxeViolations(page, `wizard in use at ${width} px`);
    });
  });
}
