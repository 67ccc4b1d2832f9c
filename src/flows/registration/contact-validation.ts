import { COUNTRIES, parseCountryCode } from '../../domain/countries';
import {
  CONTACT_FIELDS,
  whatsappDigits,
  type ContactField,
  type LeadContact,
} from '../../domain/lead-payload';
import { PROSPECT_FIELD_LABELS, validateProspect } from '../../domain/prospect-schema';
import type { ContactErrors, JudgeContactInput } from './lead-wizard.machine';

/**
 * Step 1's rules, from the same schema the local API validates with (so the browser
 * and the server never disagree). Loaded on demand: zod/mini and the phone metadata are not
 * needed for the first paint.
 */

export type { ContactErrors };

const FIELD_BY_LABEL: ReadonlyMap<string, ContactField> = new Map(
  CONTACT_FIELDS.map((field) => [PROSPECT_FIELD_LABELS[field], field]),
);

/**
 * The body the schema checks for the contact fields as typed: the WhatsApp number keeps what the
 * visitor typed (letters included) behind the prefix, so a letter gets a message instead of being
 * silently dropped; an empty number or an unchosen country count as missing.
 */
function contactBody(contact: LeadContact): Record<string, unknown> {
  const country = contact.pais === null ? undefined : COUNTRIES[contact.pais];
  const typed = contact.whatsapp.trim();
  return {
    nombreEmpresa: contact.nombreEmpresa,
    nombre: contact.nombre,
    apellido: contact.apellido,
    ...(country
      ? { pais: { codigo: country.codigo, nombre: country.nombre, prefijo: country.prefijo } }
      : {}),
    whatsapp:
      whatsappDigits(typed) === '' && !/[^\s().-]/.test(typed) ? '' : `${country?.prefijo ?? '+'}${typed}`,
    email: contact.email,
    infoEmpresa: '{}',
  };
}

/** One Spanish message per contact field that is not acceptable; empty when all are fine. */
export function contactErrors(contact: LeadContact): ContactErrors {
  const result = validateProspect(contactBody(contact));
  if (result.ok) return {};
  const errors: ContactErrors = {};
  for (const { campo, mensaje } of result.errors) {
    const field = FIELD_BY_LABEL.get(campo);
    if (field !== undefined && errors[field] === undefined) errors[field] = mensaje;
  }
  return errors;
}

/**
 * The messages while the visitor fills step 1: the kept values' verdict, except that a field whose
 * value the machine refused is judged on that value, so its message says why nothing changed.
 */
export function judgedContactErrors({ contact, refused }: JudgeContactInput): ContactErrors {
  const errors = contactErrors(contact);
  for (const field of CONTACT_FIELDS) {
    const attempted = refused[field];
    if (attempted === undefined) continue;
    const message = contactErrors(
      field === 'pais'
        ? { ...contact, pais: parseCountryCode(attempted) ?? null }
        : { ...contact, [field]: attempted },
    )[field];
    if (message === undefined) delete errors[field];
    else errors[field] = message;
  }
  return errors;
}
