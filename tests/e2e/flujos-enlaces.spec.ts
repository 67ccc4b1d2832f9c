/**
 * Links that know the flow's version they were made from: a link made from an older version of
 * the lead wizard (its step 1 with a WhatsApp check where the rules check `validating` is now)
 * opens with the notice of the older version, the steps that still apply, where the visitor lands
 * today and the chart of what changed since; and a link keeps «Nombres del código» and the change
 * selected on that chart. The older version's snapshot is served to the page as the registry of
 * versions would hold it (versiones/lead-wizard.json beside the page).
 */
import type { Page } from '@playwright/test';
import { createMachine, type AnyStateMachine } from 'xstate';
import { snapshotFlows } from '@tienda/flow-workbench/generators';
import { flowVersions } from '@tienda/flow-workbench/behaviour';
import { graphSignature } from '@tienda/flow-workbench/kit';
import { expect, test } from './support/test';
import { openFlow, state } from './support/explorer';
import { expectNoAxeViolations } from './support/page-checks';
import { serveFlowCounts } from './support/flow-counts';
import { flows } from '../../workbench/catalogue';

const ADDED = 'leadWizard.steps.contact.validating';
const REMOVED = 'leadWizard.steps.contact.checkingWhatsapp';
const SUBMIT = 'leadWizard.steps.contact.editing contact.submit#0';

const wizard = flows.find((f) => f.slug === 'lead-wizard');
if (!wizard) throw new Error('no lead-wizard in the catalogue');
const today = flowVersions(process.cwd())[wizard.machine.id]!;

/** The wizard as it could have been: `checkingWhatsapp` (a 1.5 s wait) where `validating` is now. */
function olderWizard(machine: AnyStateMachine): AnyStateMachine {
  type Node = { states: Record<string, Node>; on?: Record<string, Record<string, unknown>> } & Record<
    string,
    unknown
  >;
  const config = machine.config as unknown as Node;
  const steps = config.states.steps as Node;
  const contact = steps.states.contact as Node;
  const { validating, ...rest } = contact.states;
  if (!validating) throw new Error('the wizard has no steps.contact.validating');
  const toCheck = (on: Node['on'] = {}) => ({
    ...on,
    'contact.submit': { ...on['contact.submit'], target: 'checkingWhatsapp' },
  });
  const states: Record<string, unknown> = {};
  for (const [key, node] of Object.entries(rest)) {
    states[key] = key === 'editing' || key === 'failed' ? { ...node, on: toCheck(node.on) } : node;
    if (key === 'editing')
      states.checkingWhatsapp = {
        description: 'Se verifica que el número de WhatsApp exista antes de guardar.',
        tags: ['busy'],
        after: {
          1500: { target: 'submitting', description: 'Tras la verificación, se sigue con el guardado.' },
        },
      };
  }
  return createMachine(
    {
      ...config,
      states: {
        ...config.states,
        steps: { ...steps, states: { ...steps.states, contact: { ...contact, states } } },
      },
    } as never,
    machine.implementations,
  );
}

const older = { ...wizard, machine: olderWizard(wizard.machine) };
const OLD = graphSignature(older.machine);
const snapshot = (entry: typeof wizard) =>
  JSON.parse(JSON.stringify(snapshotFlows([entry], 'src/flows/catalogue.ts').flows[0])) as unknown;
/** The registry as `npm run flows:versions` would have written it: the older version, then today's. */
const REGISTRY = {
  format: 1,
  slug: 'lead-wizard',
  versions: { [OLD]: snapshot(older), [today]: snapshot(wizard) },
};

/**
 * Made on the older version: step 1 filled in and sent, the WhatsApp check's wait, the lead
 * created (the steps as links write them, link/link.ts).
 */
const OLD_STEPS = [
  'contact.change=(field:nombreEmpresa,value:Pepe)',
  'contact.change=(field:nombre,value:Ana)',
  'contact.change=(field:apellido,value:Gomez)',
  "contact.change=(field:whatsapp,value:'912345678')",
  'contact.submit',
  "espera:'1500@steps.contact.checkingWhatsapp'",
  'responde:createLead=(id:lead-42,estado:nuevo)',
].join(';');
const oldLink = (version?: string) =>
  `#/lead-wizard?pasos=${OLD_STEPS}${version === undefined ? '' : `&version=${version}`}`;

const SENTENCE = 'Este enlace es de una versión anterior de este flujo: desde entonces cambió.';
const notice = (page: Page) => page.getByRole('region', { name: /^Este enlace es de una versión anterior/ });
const edge = (page: Page, key: string) => page.locator(`[data-transition="${key}"]`);
const panel = (page: Page) => page.getByRole('region', { name: 'Antes y ahora' });
const showSince = (page: Page) => page.getByLabel('Mostrar lo que cambió desde la versión del enlace');

test.beforeEach(async ({ page }) => {
  await serveFlowCounts(page);
  await page.route('**/flujos/versiones/lead-wizard.json', (route) => route.fulfill({ json: REGISTRY }));
});

test('a link from an older version says so, which of its steps apply, where the visitor lands, and draws what changed', async ({
  page,
}) => {
  // The largest chart, laid out twice and checked by axe twice: longer than the default timeout on a busy machine.
  test.slow();
  await openFlow(page, oldLink(OLD));
  const box = notice(page);
  await expect(box.locator('#version-notice-title')).toHaveText(SENTENCE);
  await expect(box).toContainText(`Versión del enlace: ${OLD}.`);
  await expect(box).toContainText('De sus 7 pasos, se aplican los 5 primeros:');
  const items = box.locator('.link-steps > li');
  await expect(items).toHaveCount(7);
  await expect(items.locator('.badge')).toHaveText([
    'se aplica',
    'se aplica',
    'se aplica',
    'se aplica',
    'se aplica',
    'ya no se aplica',
    'no se llega',
  ]);
  // Where the visitor lands today, by its meaning: the rules check that replaced the WhatsApp one.
  const meaning = wizard.machine.getStateNodeById(ADDED).description ?? '';
  expect(meaning).not.toBe('');
  await expect(box.locator('.landing')).toContainText(meaning);
  await expect(state(page, ADDED)).toHaveAttribute('data-active', 'true');
  await box.screenshot({ path: test.info().outputPath('aviso.png') });
  await expectNoAxeViolations(page, 'the notice of a link from an older version');

  // The chart of what changed since the link's version.
  await expect(state(page, REMOVED)).toHaveCount(0);
  await showSince(page).check();
  await expect(state(page, REMOVED)).toHaveAttribute('data-change', 'removed');
  await expect(state(page, ADDED)).toHaveAttribute('data-change', 'added');
  await expect(edge(page, SUBMIT)).toHaveAttribute('data-change', 'changed');
  await expect(panel(page)).toContainText(`Comparado con la versión ${OLD}.`);
  await expect(page.locator('.legend')).toContainText(`Cambios respecto de la versión ${OLD}`);
  await expect(page).toHaveURL(new RegExp(`cambios=${OLD}`));
  await expectNoAxeViolations(page, 'the chart of what changed since the link');
});

test('a link from a version the registry does not know says the chart is not available', async ({ page }) => {
  await openFlow(page, oldLink('0badc0de'));
  await expect(notice(page).locator('#version-notice-title')).toHaveText(
    'Este enlace es de una versión anterior de este flujo: desde entonces cambió, y el diagrama de cambios no está disponible para esa versión.',
  );
  await expect(notice(page)).toContainText('De sus 7 pasos, se aplican los 5 primeros:');
  await expect(showSince(page)).toHaveCount(0);
});

test('a link of today opens without the notice; one without a version opens as before', async ({ page }) => {
  await openFlow(page, oldLink(today));
  await expect(state(page, ADDED)).toHaveAttribute('data-active', 'true');
  await expect(notice(page)).toHaveCount(0);
  await openFlow(page, oldLink());
  await expect(state(page, ADDED)).toHaveAttribute('data-active', 'true');
  await expect(notice(page)).toHaveCount(0);
});

test('the link keeps the code names and the change selected, after a reload and when shared', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openFlow(page, oldLink(OLD));
  await showSince(page).check();
  await expect(state(page, REMOVED)).toHaveAttribute('data-change', 'removed');
  await page
    .getByRole('button', { name: /^Transición que cambió: El visitante envía sus datos de contacto/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(edge(page, SUBMIT)).toHaveClass(/selected/);
  await page.getByLabel('Nombres del código').check();
  await expect(page).toHaveURL(/nombres=si/);
  await expect(page).toHaveURL(
    new RegExp(`cambios=${OLD}&transicion=steps\\.contact\\.editing%20contact\\.submit%230`),
  );
  // The address bar holds the page's state, without the version.
  expect(page.url()).not.toContain('version=');

  await page.reload();
  await expect(edge(page, SUBMIT)).toHaveClass(/selected/);
  await expect(state(page, REMOVED)).toHaveAttribute('data-change', 'removed');
  await expect(page.getByLabel('Nombres del código')).toBeChecked();
  await expect(panel(page).locator('.before-after dt')).toHaveText(['Lleva a']);
  // Today's link: the steps that applied, nothing stale to tell.
  await expect(notice(page)).toHaveCount(0);

  // The link shared says the version it was made from: today's.
  await page.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enlace copiado.' })).toBeVisible();
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  expect(shared).toContain('&nombres=si');
  expect(shared).toMatch(new RegExp(`&version=${today}$`));
  await page.goto('about:blank');
  await page.goto(shared);
  await expect(edge(page, SUBMIT)).toHaveClass(/selected/);
  await expect(page.getByLabel('Nombres del código')).toBeChecked();
  await expect(notice(page)).toHaveCount(0);
});
