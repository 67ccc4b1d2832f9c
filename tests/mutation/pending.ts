/**
 * Modules a flow's behaviour reads (found from the machines, packages/flow-workbench/src/kit/behaviour.ts)
 * that the mutation run does not mutate yet, each with the reason. Everything else a machine reads
 * is mutated: a new module a guard or an action calls is mutated as soon as it exists, and the
 * freshness test asks for its run. Issue #53 (every value a visitor could notice mutated and
 * killed) empties this list.
 */
const VALUES =
  'Valores que ve el visitante (tiempos, precios, textos, opciones): sus mutantes se agregan con el issue #53, junto con los modelos independientes que dicen esos valores por sí mismos.';

export const PENDING_MUTATION: Readonly<Record<string, string>> = {
  'src/domain/constants.ts': VALUES,
  'src/domain/landing.ts': VALUES,
  'src/domain/messages.ts': VALUES,
  'src/domain/money.ts': VALUES,
  'src/domain/payment-messages.ts': VALUES,
  'src/domain/plans.ts': VALUES,
  'src/domain/prospect.ts': VALUES,
  'src/domain/wizard-options.ts': VALUES,
  'src/flows/delays.ts': VALUES,
  'src/flows/registration/lead-wizard.context.ts': VALUES,
};
