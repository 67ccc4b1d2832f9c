import { expect, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { CONTACT_FIELDS, type ContactField } from '../../domain/lead-payload';
import { leadUpdateRetryDelayMs } from '../../domain/lead-wizard-rules';
import {
  BOT_CHECK_FAILED_MESSAGE,
  MAINTENANCE_MESSAGE,
  rateLimitedMessage,
  refusedFieldMessage,
} from '../../domain/messages';
import { saveFailureOf, type SaveFailure } from '../../domain/save-failure';
import {
  CATEGORY_LABELS,
  SECTOR_LABELS,
  SITUATION_LABELS,
  isCategory,
  isSectorOf,
  type Category,
  type Sector,
  type Situation,
} from '../../domain/wizard-options';
import {
  contactOf,
  type ContactErrors,
  type LeadWizardContext,
  type LeadWizardInput,
} from './lead-wizard.machine';
import { judgedContactErrors } from './contact-validation';
import { leadWizardModel } from './lead-wizard.samples';
import type { AnySnapshot } from '@tienda/flow-workbench/kit';
import { HEADINGS, PHONES, fields } from '../../../tests/e2e/registro-helpers';
import type { BrowserModel, Step } from '../../../tests/e2e/model/support/browser-model';
import {
  holdRequests,
  letThrough,
  serviceUnavailable,
  stayOnExits,
  type Held,
} from '../../../tests/e2e/model/support/held';
import { openHydrated, pausedClock } from '../../../tests/e2e/model/support/page';
import {
  RECAPTCHA_PATTERN,
  answerBotCheck,
  fakeRecaptchaSource,
} from '../../../tests/e2e/model/support/recaptcha';

interface Fakes {
  create: Held;
  update: Held;
}
type Ctx = LeadWizardContext;
const ctx = (s: AnySnapshot) => s.context as Ctx;

/**
 * What the visitor types for a contact change: the model's value, except the WhatsApp number,
 * which the page checks for the chosen country (the model's sample only needs digits), and the
 * e-mail, whose spaces an e-mail input drops by itself.
 */
function typed(field: ContactField, value: string): string {
  if (field === 'whatsapp') return PHONES.CL.typed;
  return field === 'email' ? value.trim() : value;
}

/** The query string that gives the run's input: fb campaigns run the bot check, ndb_c=pe is promotion mode. */
function query(input: LeadWizardInput): string {
  const params = new URLSearchParams();
  if (input.needsBotCheck) params.set('utm_source', 'fb');
  if (input.promotionMode) params.set('ndb_c', 'pe');
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const next = (page: Page) => page.getByRole('button', { name: 'Siguiente' });
const busyText = (page: Page) => page.getByRole('status').filter({ hasText: 'Guardando tus datos…' });
const failureBox = (page: Page) => page.getByRole('alert').filter({ hasText: 'Tus datos siguen aquí' });
const restartButton = (page: Page) => page.getByRole('button', { name: 'Registrar otro negocio' });
const SAVE_WARNING = 'Todavía no pudimos guardar tus últimas respuestas.';
const onThanks = (s: AnySnapshot) => s.matches({ steps: 'thanks' });

async function expectNextEnabled(page: Page, enabled: boolean) {
  if (enabled) await expect(next(page)).toBeEnabled();
  else await expect(next(page)).toBeDisabled();
}

/** The radio of a choice step for a value, by its Spanish label. */
function radio(page: Page, label: string) {
  return page.getByRole('radio', { name: label, exact: true });
}

async function expectChoice(page: Page, label: string | null) {
  if (label !== null) await expect(radio(page, label)).toBeChecked();
  else await expect(page.getByText('Elige una opción para seguir.')).toBeVisible();
}

const can = (event: EventObject, before: AnySnapshot) => before.can(event);

/** What step 1 would show after the page's rules judge the values the machine holds. */
function pageVerdict(c: Ctx): ContactErrors {
  const all = judgedContactErrors({ contact: contactOf(c), refused: c.refusedValues });
  return Object.fromEntries(c.checkedFields.flatMap((f) => (all[f] === undefined ? [] : [[f, all[f]]])));
}
const valueOf = (event: EventObject) => String((event as { value?: unknown }).value);

const contactStep = async ({ page, after }: Step<Fakes>) => {
  await expect(heading(page, HEADINGS.contact)).toBeVisible();
  const f = fields(page);
  const c = ctx(after);
  for (const field of CONTACT_FIELDS) {
    if (field === 'pais') await expect(f.pais).toHaveValue(c.pais ?? '');
    else await expect(f[field]).toHaveValue(c[field] === '' ? '' : typed(field, c[field]));
  }
};

const busy = async ({ page, after }: Step<Fakes>) => {
  await expect(busyText(page)).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await expect(failureBox(page)).toHaveCount(0);
  void after;
};

export const leadWizardBrowser: BrowserModel<Fakes> = {
  name: 'lead-wizard',
  model: leadWizardModel,
  scope: '.wizard-card',
  unreachable: {
    'leadWizard.steps.contact.validating xstate.done.actor.validateContact#1':
      'Los recorridos escriben solo valores que las reglas aceptan; un campo rechazado, su mensaje y el foco los prueba `registro-entradas.spec.ts`, y la máquina las pruebas unitarias y de modelo.',
    'leadWizard.fieldMessages.judging xstate.error.actor.judgeContact#0':
      'El código de las reglas se carga con el primer foco en el paso 1; una vez cargado, la página no puede dejar de ejecutarlo.',
    'leadWizard.fieldMessages contact.blur#0':
      'Las muestras dejan el nombre antes de escribirlo, y las reglas de la página responden con su mensaje, no con la respuesta vacía de la muestra; dejar un campo y su mensaje lo prueba `registro-mensajes.spec.ts`.',
    'leadWizard.fieldMessages contact.change#0':
      'La lista de países ofrece solo los del sitio; elegir de nuevo «Elige tu país» (un valor que la máquina rechaza, con su mensaje) lo prueba `registro-entradas.spec.ts`.',
    'leadWizard.steps.contact.validating xstate.error.actor.validateContact#0':
      'El código de las reglas se carga con el primer foco en el paso 1; una vez cargado, la página no puede dejar de ejecutarlo.',
    'leadWizard.steps.contact.creating xstate.error.actor.createLead#0':
      'La página de los recorridos no lleva `utm_campaign` (sus datos de campaña no son los del modelo); el guardado sin el dato de campaña rechazado lo prueba `registro-causas.spec.ts`.',
    'leadWizard.steps.contact.creating xstate.error.actor.createLead#3':
      'El código del registro ya está descargado cuando el guardado sale; que falte (sin conexión, o borrado por una nueva versión) lo prueban `registro-causas.spec.ts` y `registro-fallas.spec.ts`.',
  },
  unreachableStates: {
    'leadWizard.steps.contact.failed.download':
      'El código del registro ya está descargado cuando el guardado sale; el aviso de volver a cargar la página lo prueban `registro-causas.spec.ts` y `registro-fallas.spec.ts`.',
  },
  shortest: 'cover',
  simplePaths: 2,
  async open(page, run) {
    await stayOnExits(page);
    await page.route(RECAPTCHA_PATTERN, (route) =>
      route.fulfill({ contentType: 'application/javascript', body: fakeRecaptchaSource() }),
    );
    const isApi = (url: URL) => url.pathname.endsWith('/api/prospectos/');
    const create = await holdRequests(page, isApi, (r) => r.method() === 'POST');
    const update = await holdRequests(page, isApi, (r) => r.method() === 'PUT');
    await pausedClock(page);
    await openHydrated(page, `/registro${query(run.input as LeadWizardInput)}`);
    await expect(heading(page, HEADINGS.contact)).toBeVisible();
    return { create, update };
  },
  states: {
    leadWizard: async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
    'leadWizard.steps': async ({ page }) => {
      await expect(page.locator('.wizard-card').getByRole('heading', { level: 2 })).toHaveCount(1);
    },
    'leadWizard.steps.contact': contactStep,
    // The machine's messages are what step 1 shows: next to each field, tied to it and announced.
    'leadWizard.fieldMessages': async () => {},
    'leadWizard.fieldMessages.idle': async ({ page, after }) => {
      // While the model waits for the rules' answer on a submit, the page already has it (its rules
      // answer at once): the messages are compared once the model has the answer too.
      if (!after.matches({ steps: 'contact' }) || after.matches({ steps: { contact: 'validating' } })) return;
      const errors = ctx(after).contactErrors;
      const f = fields(page);
      for (const field of CONTACT_FIELDS) {
        const message = page.locator(`#registro-${field}-error`);
        await expect(message).toHaveText(errors[field] ?? '');
        if (errors[field] === undefined) await expect(f[field]).not.toHaveAttribute('aria-invalid', 'true');
        else {
          await expect(f[field]).toHaveAttribute('aria-invalid', 'true');
          await expect(f[field]).toHaveAccessibleDescription(new RegExp(errors[field]));
        }
      }
    },
    // Transient: the page's rules are loaded by the first blur and answer at once.
    'leadWizard.fieldMessages.judging': async () => {},
    'leadWizard.steps.contact.editing': async ({ page, after }) => {
      await expect(busyText(page)).toHaveCount(0);
      await expect(failureBox(page)).toHaveCount(0);
      await expectNextEnabled(page, after.can({ type: 'contact.submit' }));
    },
    // The page's rules are loaded by then and answer at once: what the visitor sees next (the busy
    // button while saving, or the fields with their messages) is checked in the state that follows.
    'leadWizard.steps.contact.validating': async () => {},
    // Transient: left at once for the bot check or the create (never on screen).
    'leadWizard.steps.contact.submitting': busy,
    'leadWizard.steps.contact.checkingBot': busy,
    'leadWizard.steps.contact.creating': async (step) => {
      await busy(step);
      await expect.poll(() => step.fakes.create.pending().length).toBe(1);
    },
    'leadWizard.steps.contact.failed': async ({ page }) => {
      await expect(failureBox(page)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Volver a intentar' })).toBeEnabled();
      await expect(busyText(page)).toHaveCount(0);
    },
    'leadWizard.steps.contact.failed.botCheck': async ({ page }) => {
      await expect(failureBox(page)).toContainText(BOT_CHECK_FAILED_MESSAGE);
    },
    'leadWizard.steps.contact.failed.create': async ({ page }) => {
      await expect(failureBox(page)).toContainText(MAINTENANCE_MESSAGE);
    },
    'leadWizard.steps.contact.failed.rateLimited': async ({ page, after }) => {
      const wait = ctx(after).saveFailure?.retryAfterSeconds ?? null;
      await expect(failureBox(page)).toContainText(rateLimitedMessage(wait));
      await expect(failureBox(page)).not.toContainText(MAINTENANCE_MESSAGE);
    },
    'leadWizard.steps.contact.failed.refused': async ({ page, after }) => {
      const refused = ctx(after).saveFailure?.refused.find((r) => r.field === 'whatsapp');
      await expect(failureBox(page)).toContainText(refusedFieldMessage(refused));
    },
    'leadWizard.steps.contact.failed.download': async ({ page }) => {
      await expect(failureBox(page)).not.toContainText(MAINTENANCE_MESSAGE);
    },
    'leadWizard.steps.situation': async ({ page, after }) => {
      await expect(heading(page, HEADINGS.situation)).toBeVisible();
      const value = ctx(after).situacionActual as Situation | null;
      await expectChoice(page, value === null ? null : SITUATION_LABELS[value]);
      await expectNextEnabled(page, after.can({ type: 'step.next' }));
      await expect(page.getByRole('button', { name: 'Atrás' })).toHaveCount(0);
    },
    'leadWizard.steps.category': async ({ page, after }) => {
      await expect(heading(page, HEADINGS.category)).toBeVisible();
      const value = ctx(after).rubro as Category | null;
      await expectChoice(page, value === null ? null : CATEGORY_LABELS[value]);
      await expectNextEnabled(page, after.can({ type: 'step.next' }));
      await expect(page.getByRole('button', { name: 'Atrás' })).toBeVisible();
    },
    'leadWizard.steps.sector': async ({ page, after }) => {
      await expect(heading(page, HEADINGS.sector)).toBeVisible();
      const value = ctx(after).sector as Sector | null;
      await expectChoice(page, value === null ? null : SECTOR_LABELS[value]);
      await expectNextEnabled(page, after.can({ type: 'step.next' }));
      await expect(page.getByRole('button', { name: 'Atrás' })).toBeVisible();
    },
    'leadWizard.steps.thanks': async ({ page, after }) => {
      await expect(heading(page, HEADINGS.thanks)).toBeVisible();
      if (after.can({ type: 'wizard.restart', idempotencyKey: 'x' }))
        await expect(restartButton(page)).toBeEnabled();
      else await expect(restartButton(page)).toBeDisabled();
    },
    'leadWizard.steps.thanks.trial': async ({ page }) => {
      await expect(page.getByRole('link', { name: 'Empezar mi prueba gratis' })).toBeVisible();
    },
    'leadWizard.steps.thanks.demo': async ({ page }) => {
      await expect(page.getByRole('link', { name: /Ver la tienda de demostración/ })).toBeVisible();
    },
    'leadWizard.steps.thanks.demo.offered': async ({ page }) => {
      await expect(page.getByText('Abrimos la demo en una pestaña nueva.')).toHaveCount(0);
    },
    'leadWizard.steps.thanks.demo.visited': async ({ page }) => {
      await expect(page.getByText('Abrimos la demo en una pestaña nueva.')).toBeVisible();
    },
    // The background updates: what the API receives (held PUT requests) and, on the thanks step,
    // whether 'Registrar otro negocio' works and the saving warning.
    'leadWizard.sync': async ({ page }) => {
      await expect(page.locator('.wizard-card')).toBeVisible();
    },
    'leadWizard.sync.waitingForLead': async ({ page, fakes }) => {
      await expect(heading(page, HEADINGS.contact)).toBeVisible();
      expect(fakes.update.pending()).toHaveLength(0);
    },
    'leadWizard.sync.synced': async ({ page, fakes, after }) => {
      expect(fakes.update.pending()).toHaveLength(0);
      if (onThanks(after)) await expect(restartButton(page)).toBeEnabled();
    },
    'leadWizard.sync.updating': async ({ page, after }) => {
      if (onThanks(after)) await expect(restartButton(page)).toBeDisabled();
    },
    'leadWizard.sync.updating.attempt': async () => {},
    'leadWizard.sync.updating.attempt.sending': async ({ fakes }) => {
      await expect.poll(() => fakes.update.pending().length).toBe(1);
    },
    'leadWizard.sync.updating.attempt.retryWait': async ({ fakes }) => {
      expect(fakes.update.pending()).toHaveLength(0);
    },
    'leadWizard.sync.updating.warning': async () => {},
    'leadWizard.sync.updating.warning.hidden': async ({ page }) => {
      await expect(page.getByText(SAVE_WARNING)).toHaveCount(0);
    },
    'leadWizard.sync.updating.warning.shown': async ({ page, after }) => {
      // The thanks step reports it; the question steps carry on without it.
      if (onThanks(after)) await expect(page.getByText(SAVE_WARNING)).toBeVisible();
      else await expect(page.getByText(SAVE_WARNING)).toHaveCount(0);
    },
  },
  events: {
    'contact.change': {
      act: async ({ page, event }) => {
        const { field, value } = event as unknown as { field: ContactField; value: string };
        const f = fields(page);
        if (field === 'pais') await f.pais.selectOption(value);
        else await f[field].fill(typed(field, value));
      },
      // The country list offers only the site's countries.
      possible: (event) => {
        const { field, value } = event as unknown as { field: string; value: string };
        return field !== 'pais' || value === 'CL';
      },
    },
    'contact.blur': {
      act: async ({ page, event }) => {
        const field = fields(page)[(event as unknown as { field: ContactField }).field];
        await field.focus();
        await field.blur();
      },
    },
    // The page's own rules answer: a path goes on only with the answer they give.
    'xstate.done.actor.judgeContact': {
      act: async () => {},
      possible: (event, before) => {
        const output = (event as { output?: ContactErrors }).output ?? {};
        const c = ctx(before);
        const shown = Object.fromEntries(
          c.checkedFields.flatMap((f) => (output[f] === undefined ? [] : [[f, output[f]]])),
        );
        return JSON.stringify(shown) === JSON.stringify(pageVerdict(c));
      },
    },
    'xstate.error.actor.judgeContact': { act: async () => {}, possible: () => false },
    'contact.submit': {
      act: ({ page }) => next(page).click(),
      // Siguiente is disabled while the step is incomplete.
      possible: can,
    },
    // The page runs the shared schema on what was typed: every path types values it accepts.
    'xstate.done.actor.validateContact': {
      act: async () => {},
      possible: (event) => Object.keys((event as { output?: object }).output ?? {}).length === 0,
    },
    'xstate.error.actor.validateContact': { act: async () => {}, possible: () => false },
    retry: { act: ({ page }) => page.getByRole('button', { name: 'Volver a intentar' }).click() },
    'xstate.done.actor.getBotToken': {
      act: ({ page, event }) => answerBotCheck(page, String((event as { output?: unknown }).output)),
    },
    'xstate.error.actor.getBotToken': { act: ({ page }) => answerBotCheck(page, null) },
    'xstate.done.actor.createLead': {
      act: async ({ fakes, event }) => {
        const output = (event as { output?: { id?: string } }).output;
        // A usable id: the local API creates the lead; otherwise an answer without one.
        if (output?.id) await fakes.create.answer(letThrough);
        else
          await fakes.create.answer((route) =>
            route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify(output) }),
          );
      },
    },
    // The API's answer for each cause: a 429 with its wait, a 400 naming the field, else a 503.
    'xstate.error.actor.createLead': {
      act: ({ fakes, event }) => {
        const failure: SaveFailure = saveFailureOf((event as { error?: unknown }).error);
        if (failure.kind === 'rateLimited')
          return fakes.create
            .answer((route) =>
              route.fulfill({
                status: 429,
                headers: { 'Retry-After': String(failure.retryAfterSeconds ?? 60) },
                contentType: 'application/json; charset=utf-8',
                body: JSON.stringify({ error: 'Demasiadas solicitudes seguidas.' }),
              }),
            )
            .then(() => {});
        if (failure.kind === 'refused')
          return fakes.create
            .answer((route) =>
              route.fulfill({
                status: 400,
                contentType: 'application/json; charset=utf-8',
                body: JSON.stringify({
                  error: 'Datos inválidos',
                  campos: failure.refused.map(({ campo, mensaje }) => ({ campo, mensaje })),
                }),
              }),
            )
            .then(() => {});
        return fakes.create.answer(serviceUnavailable).then(() => {});
      },
      // Not the campaign refusal (the page has no utm_campaign) nor the missing download (see unreachable).
      possible: (event) => {
        const failure = saveFailureOf((event as { error?: unknown }).error);
        return failure.kind !== 'download' && !failure.refused.some((r) => r.field === 'utmCampaign');
      },
    },
    'xstate.done.actor.updateLead': { act: ({ fakes }) => fakes.update.answer(letThrough).then(() => {}) },
    'xstate.error.actor.updateLead': {
      act: ({ fakes }) => fakes.update.answer(serviceUnavailable).then(() => {}),
    },
    'xstate.after.updateRetryDelay.leadWizard.sync.updating.attempt.retryWait': {
      act: async ({ page, before, fakes }) => {
        const delay = leadUpdateRetryDelayMs(ctx(before).updateFailures);
        await page.clock.runFor(delay);
        let checks = 0;
        // The 503 reaches the page asynchronously: when the retry timer was set only after the
        // clock moved, nothing was sent yet, so the clock moves once more.
        await expect
          .poll(
            async () => {
              if (checks++ > 0 && fakes.update.pending().length === 0) await page.clock.runFor(delay);
              return fakes.update.pending().length;
            },
            { intervals: [500, 1000, 2000] },
          )
          .toBeGreaterThan(0);
      },
    },
    'situation.select': {
      act: ({ page, event }) => radio(page, SITUATION_LABELS[valueOf(event) as Situation]).check(),
    },
    'category.select': {
      act: ({ page, event }) => radio(page, CATEGORY_LABELS[valueOf(event) as Category]).check(),
      possible: (event) => isCategory(valueOf(event)),
    },
    'sector.select': {
      act: ({ page, event }) => radio(page, SECTOR_LABELS[valueOf(event) as Sector]).check(),
      // Only the chosen category's sectors are offered.
      possible: (event, before) => {
        const rubro = ctx(before).rubro;
        return rubro !== null && isSectorOf(rubro, valueOf(event));
      },
    },
    'step.next': { act: ({ page }) => next(page).click(), possible: can },
    'step.back': { act: ({ page }) => page.getByRole('button', { name: 'Atrás' }).click(), possible: can },
    'demo.visit': {
      act: ({ page }) => page.getByRole('link', { name: /Ver la tienda de demostración/ }).click(),
      possible: (_, before) => before.matches({ steps: { thanks: 'demo' } }),
    },
    'trial.start': {
      act: ({ page }) => page.getByRole('link', { name: 'Empezar mi prueba gratis' }).click(),
      possible: (_, before) => before.matches({ steps: { thanks: 'trial' } }),
    },
    // The connection comes back.
    'sync.flush': {
      act: async ({ page }) => {
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
      },
    },
    'wizard.restart': { act: ({ page }) => restartButton(page).click(), possible: can },
  },
};
