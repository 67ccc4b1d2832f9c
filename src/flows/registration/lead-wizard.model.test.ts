import { describe, it } from 'vitest';
import { BOT_CHECK_MAX_FAILURES, LEAD_UPDATE_FAILURES_BEFORE_WARNING } from '../../domain/lead-wizard-rules';
import { MAINTENANCE_MESSAGE } from '../../domain/messages';
import { leadKeyFor } from '../../domain/lead-key';
import { contactOf, leadWizardMachine, type LeadWizardInput } from './lead-wizard.machine';
import {
  KEY,
  LEAD,
  RESTART_KEY,
  TOKEN,
  TYPED,
  leadWizardModel,
  REFUSED_EMAIL,
  RETRY_AFTER_SECONDS,
} from './lead-wizard.samples';
import {
  Coverage,
  expectFullCoverage,
  ok,
  report,
  runModel,
  same,
  type ModelRunResult,
  type StepContext,
} from '../../../tests/model/support/model-harness';
import { expectedBody, expectedTracking, type Ctx } from '../../../tests/model/support/lead-wizard-model';

/**
 * Model-based paths of the lead wizard, in two models that share one coverage account:
 * - steps: the five steps with every contact-step outcome (bot check, create ok, bad answer,
 *   failure, retry, edit after failure), for promotion mode off/on and bot check off/on; the
 *   background update succeeds before the visitor moves on;
 * - sync: straight through the contact step, then the visitor keeps changing the situation while
 *   updates fail, wait, are flushed, raise the warning and recover.
 * The runs and the events each model offers are in ./lead-wizard.samples.ts.
 */

// Assertions at every step of every path

function check(input: LeadWizardInput) {
  return ({ real, before, event, calls, effects }: StepContext) => {
    const ctx = real.context as Ctx;
    const inSteps = (value: unknown) => real.matches({ steps: value } as never);
    const inSync = (value: unknown) => real.matches({ sync: value } as never);
    const creates = calls.filter((c) => c.src === 'createLead');
    const pendingCreates = creates.filter((c) => !c.settled);

    // Never two creates in flight, never a create once the lead exists, one key per wizard.
    ok(pendingCreates.length <= 1, 'two creates in flight');
    for (const c of pendingCreates)
      same(
        (c.input as { idempotencyKey: string }).idempotencyKey,
        leadKeyFor(ctx.idempotencyKey, contactOf(ctx)),
        'idempotency key',
      );
    ok(ctx.idempotencyKey === KEY || ctx.idempotencyKey === RESTART_KEY, 'a key from nowhere');
    if (ctx.leadId !== null) {
      ok(pendingCreates.length === 0, 'a create in flight after the lead exists');
      ok(!inSteps('contact'), 'back on the contact step with a lead');
    }

    // The create carries exactly what was typed, normalised, with the token for fb campaigns
    // unless the check has failed too often (then the create goes ahead without one).
    if (inSteps({ contact: 'creating' })) {
      const withToken = input.needsBotCheck === true && ctx.botCheckFailures < BOT_CHECK_MAX_FAILURES;
      const body = { ...expectedBody(ctx), ...(withToken ? { recaptchaToken: TOKEN } : {}) };
      same(
        creates.at(-1)?.input,
        { payload: body, idempotencyKey: leadKeyFor(ctx.idempotencyKey, contactOf(ctx)) },
        'create input',
      );
      const checks = calls.filter((c) => c.src === 'getBotToken').length;
      if (input.needsBotCheck && !withToken && before && !before.matches({ steps: { contact: 'creating' } }))
        ok(checks >= BOT_CHECK_MAX_FAILURES, 'created without a token before the checks ran out');
    }
    if (ctx.botCheckFailures > 0) ok(input.needsBotCheck === true, 'a bot check without an fb campaign');

    // Campaign data the API refused never blocks the lead: the create goes again at once, same
    // key, without that field, and the visitor sees no failure.
    same(ctx.tracking, expectedTracking(ctx), 'campaign data: all of it, or without the refused field');
    const error = (event as { error?: { kind?: string; refused?: { field: string }[] } }).error;
    const refusedCampaign =
      event.type === 'xstate.error.actor.createLead' &&
      error?.kind === 'refused' &&
      error.refused?.some((r) => r.field === 'utmCampaign') === true;
    if (refusedCampaign && before && 'utmCampaign' in (before.context as Ctx).tracking) {
      ok(
        inSteps({ contact: 'creating' }) && pendingCreates.length === 1,
        'the lead saved again without the field',
      );
      ok(!('utmCampaign' in ctx.tracking), 'the refused field still sent');
    }
    // Each cause has its own notice; the maintenance one only for the server unavailable.
    const failureTags = ['create', 'botCheck', 'rateLimited', 'refused', 'download'].filter((kind) =>
      real.hasTag(`failure.${kind}`),
    );
    ok(failureTags.length === (inSteps({ contact: 'failed' }) ? 1 : 0), 'one failure notice at a time');
    if (inSteps({ contact: { failed: 'rateLimited' } }))
      same(ctx.saveFailure?.retryAfterSeconds, RETRY_AFTER_SECONDS, 'the wait of the 429');
    // A refused field the visitor can correct, or a campaign field refused again once it was no
    // longer sent (a server that keeps refusing cannot loop the create).
    if (inSteps({ contact: { failed: 'refused' } })) {
      const field = ctx.saveFailure?.refused[0]?.field;
      ok(
        field === 'whatsapp' || (field === 'utmCampaign' && !('utmCampaign' in ctx.tracking)),
        'the refused field',
      );
    }
    if (inSteps({ contact: { failed: 'create' } })) {
      ok(
        ctx.nombreEmpresa === TYPED.nombreEmpresa && ctx.whatsapp === TYPED.whatsapp,
        'values lost after a failure',
      );
      same(
        effects.filter((e) => e.action === 'logLeadError').at(-1)?.params,
        { message: MAINTENANCE_MESSAGE },
        'maintenance message',
      );
    }
    ok(
      real.hasTag('busy') ===
        (inSteps({ contact: 'validating' }) ||
          inSteps({ contact: 'creating' }) ||
          inSteps({ contact: 'checkingBot' })),
      'busy tag',
    );

    // Nothing is created from fields the shared schema refused: the visitor is back on them, with
    // its messages. A rule of the machine's own may refuse more, never silently: after the check
    // the visitor is back on the fields exactly when one of them has a message.
    if (event.type === 'xstate.done.actor.validateContact') {
      const refused = Object.keys((event as unknown as { output: object }).output).length > 0;
      if (refused) {
        ok(inSteps({ contact: 'editing' }), 'a refused step 1 went on');
        same(ctx.contactErrors, REFUSED_EMAIL, 'the schema messages in the context');
      }
      ok(
        inSteps({ contact: 'editing' }) === Object.keys(ctx.contactErrors).length > 0,
        'step 1 refused without a message, or went on with one',
      );
    }
    if (inSteps({ contact: 'validating' })) {
      const checks = calls.filter((c) => c.src === 'validateContact' && !c.settled);
      same(checks.at(-1)?.input, { contact: contactOf(ctx) }, 'validate input');
    }

    // One update in flight while sending, carrying the latest data and the id, never a token.
    const savingNow = inSync({ updating: { attempt: 'sending' } });
    const pendingUpdates = calls.filter((c) => c.src === 'updateLead' && !c.settled);
    ok(pendingUpdates.length === (savingNow ? 1 : 0), `${pendingUpdates.length} updates in flight`);
    if (savingNow && !ctx.unsentChanges) {
      same(pendingUpdates[0]?.input, { payload: { id: LEAD.id, ...expectedBody(ctx) } }, 'update input');
    }

    // Changing the category clears the sector.
    const prev = before?.context as Ctx | undefined;
    if (event.type === 'category.select' && prev && prev.rubro !== ctx.rubro) {
      ok(ctx.sector === null, 'the sector survived a category change');
    }
    if (ctx.sector !== null) ok(ctx.rubro !== null, 'a sector without a category');

    // Thanks: the trial in promotion mode, else the demo; following the demo sets visitoDemo.
    if (inSteps('thanks')) {
      ok(inSteps({ thanks: 'trial' }) === (input.promotionMode === true), 'trial vs demo');
      ok(ctx.visitoDemo === inSteps({ thanks: { demo: 'visited' } }), 'visitoDemo');
    }
    if (event.type === 'trial.start')
      same(effects.at(-1), { action: 'openTrialSignup', params: undefined }, 'trial');

    // What the thanks step reads about saving.
    ok(
      real.hasTag('saveFailed') === ctx.updateFailures >= LEAD_UPDATE_FAILURES_BEFORE_WARNING,
      'saveFailed tag',
    );
    if (inSync('synced')) ok(!ctx.unsentChanges, 'synced with unsent changes');

    // 'Registrar otro negocio': only with every change saved; the new wizard starts empty, with
    // the campaign data, and the finished lead gets no further update.
    if (event.type === 'wizard.restart' && before) {
      ok(before.matches({ sync: 'synced' }), 'restarted with unsaved changes');
      ok(inSteps({ contact: 'editing' }) && inSync('waitingForLead'), 'restart target');
      same(
        [ctx.nombreEmpresa, ctx.leadId, ctx.rubro, ctx.codigoReferido, ctx.tracking],
        // Campaign data the API refused stays out: the next business would be refused the same.
        ['', null, null, 'AMIGO25', expectedTracking(before.context as Ctx)],
        'fresh wizard',
      );
    }
    if (ctx.idempotencyKey === RESTART_KEY && ctx.leadId === null)
      ok(pendingUpdates.length === 0, 'an update of the finished lead after the restart');
  };
}

describe('lead wizard machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it.each(leadWizardModel.runs.map((run) => [run.label, run] as const))(
    'runs every path (%s)',
    async (label, run) => {
      results.push(
        await runModel(
          {
            ...run,
            name: `lead-wizard ${label}`,
            machine: leadWizardMachine,
            check: check(run.input as LeadWizardInput),
          },
          coverage,
        ),
      );
    },
    // The largest run takes many seconds, more when the cores are shared
    // (docs/performance.md, "Measurements behind the code").
    60_000,
  );

  it('reaches every state and transition', () => {
    report('lead-wizard', results, leadWizardMachine);
    expectFullCoverage(leadWizardMachine, coverage);
  });
});
