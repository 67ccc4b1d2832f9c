/**
 * The lead wizard's oracle for src/flows/registration/lead-wizard.model.test.ts: the body the API
 * must receive for what the visitor typed, written out independently of
 * src/domain/lead-payload.ts so that a change there is caught. What the visitor types and the
 * events the model offers are in src/flows/registration/lead-wizard.samples.ts (shared with the
 * flow explorer).
 */
import type { ProspectInput } from '../../../src/domain/prospect';
import type { LeadWizardContext } from '../../../src/flows/registration/lead-wizard.machine';
import { TRACKING } from '../../../src/flows/registration/lead-wizard.samples';

export type Ctx = LeadWizardContext;

/** The campaign data a create carries: all of it, or without the field the API refused once. */
export function expectedTracking(ctx: Ctx): Record<string, string> {
  if ('utmCampaign' in ctx.tracking) return TRACKING;
  const { utmCampaign: _refused, ...rest } = TRACKING;
  return rest;
}

export function expectedBody(ctx: Ctx): ProspectInput {
  const body: Record<string, unknown> = {
    nombreEmpresa: 'Pizzería Don Pepe',
    nombre: ctx.nombre.trim(),
    apellido: 'Gómez',
    pais: { codigo: 'CL', nombre: 'Chile', prefijo: '+56' },
    whatsapp: '+56912345678',
    infoEmpresa: JSON.stringify({
      ...(ctx.situacionActual ? { situacionActual: ctx.situacionActual } : {}),
      ...(ctx.rubro ? { rubro: ctx.rubro } : {}),
      ...(ctx.sector ? { sector: ctx.sector } : {}),
      visitoDemo: ctx.visitoDemo,
    }),
    ...expectedTracking(ctx),
  };
  if (ctx.email !== '') body.email = 'ana@example.com';
  body.codigoReferido = 'AMIGO25';
  return body as unknown as ProspectInput;
}
