import { countryOrDefault, type CountryCode } from './countries';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  TRACKING_FIELDS,
  WHATSAPP_TYPED_MAX_LENGTH,
  serializeInfoEmpresa,
  type ProspectCountry,
  type ProspectInput,
  type ProspectUpdate,
  type TrackingFields,
} from './prospect';
import type { Category, Sector, Situation } from './wizard-options';

/**
 * The lead wizard's draft (what the visitor has entered so far) and the exact bodies of
 * calls 3 and 4 of spec section 7 built from it. Pure, so the machine and the tests share it.
 */

export const CONTACT_FIELDS = ['nombreEmpresa', 'nombre', 'apellido', 'pais', 'whatsapp', 'email'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Upper bounds the machine enforces on what it keeps; the view's schema gives the finer messages. */
export const CONTACT_FIELD_MAX_LENGTH: Readonly<Record<ContactField, number>> = {
  nombreEmpresa: NAME_MAX_LENGTH,
  nombre: NAME_MAX_LENGTH,
  apellido: NAME_MAX_LENGTH,
  pais: 2,
  whatsapp: WHATSAPP_TYPED_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
};

export interface LeadContact {
  nombreEmpresa: string;
  nombre: string;
  apellido: string;
  /** Country code, or null until one is chosen. */
  pais: CountryCode | null;
  /** The local number as typed; the prefix is added when the body is built. */
  whatsapp: string;
  email: string;
}

export interface LeadDraft extends LeadContact {
  situacionActual: Situation | null;
  rubro: Category | null;
  sector: Sector | null;
  visitoDemo: boolean;
  codigoReferido: string | null;
  tracking: TrackingFields;
}

export function isContactFieldName(value: unknown): value is ContactField {
  return typeof value === 'string' && (CONTACT_FIELDS as readonly string[]).includes(value);
}

/** Step 1's enabling rule: the five required fields are non-empty after trimming. */
export function isContactComplete(contact: LeadContact): boolean {
  return (
    contact.pais !== null &&
    contact.nombreEmpresa.trim() !== '' &&
    contact.nombre.trim() !== '' &&
    contact.apellido.trim() !== '' &&
    whatsappDigits(contact.whatsapp) !== ''
  );
}

/** The digits of the number as typed (spaces, dashes, dots and brackets dropped). */
export function whatsappDigits(local: string): string {
  return local.replace(/\D/g, '');
}

/** The number with the country's dialling prefix in front (spec section 5), e.g. +5491123456789. */
export function whatsappWithPrefix(pais: CountryCode, local: string): string {
  return `${countryOrDefault(pais).prefijo}${whatsappDigits(local)}`;
}

function prospectCountry(code: CountryCode | null): ProspectCountry {
  const country = countryOrDefault(code);
  return { codigo: country.codigo, nombre: country.nombre, prefijo: country.prefijo };
}

function trackingOf(tracking: TrackingFields): TrackingFields {
  const out: TrackingFields = {};
  for (const key of TRACKING_FIELDS) {
    const value = tracking[key];
    if (typeof value === 'string' && value.trim() !== '') out[key] = value;
  }
  return out;
}

/**
 * The body of the create call (and, with the id, of every update): trimmed texts, the WhatsApp
 * number with the prefix, infoEmpresa as JSON text, the referral code and the tracking fields
 * when present. The bot-check token is added only to the create.
 */
export function buildProspectInput(draft: LeadDraft, recaptchaToken?: string | null): ProspectInput {
  const pais = prospectCountry(draft.pais);
  const body: ProspectInput = {
    nombreEmpresa: draft.nombreEmpresa.trim(),
    nombre: draft.nombre.trim(),
    apellido: draft.apellido.trim(),
    pais,
    whatsapp: whatsappWithPrefix(pais.codigo, draft.whatsapp),
    infoEmpresa: serializeInfoEmpresa({
      ...(draft.situacionActual !== null ? { situacionActual: draft.situacionActual } : {}),
      ...(draft.rubro !== null ? { rubro: draft.rubro } : {}),
      ...(draft.sector !== null ? { sector: draft.sector } : {}),
      visitoDemo: draft.visitoDemo,
    }),
    ...trackingOf(draft.tracking),
  };
  const email = draft.email.trim();
  if (email !== '') body.email = email;
  if (draft.codigoReferido !== null && draft.codigoReferido !== '')
    body.codigoReferido = draft.codigoReferido;
  if (typeof recaptchaToken === 'string' && recaptchaToken !== '') body.recaptchaToken = recaptchaToken;
  return body;
}

/** The body of an update: the latest data with the lead's id, never a bot-check token. */
export function buildProspectUpdate(draft: LeadDraft, id: string): ProspectUpdate {
  return { id, ...buildProspectInput(draft) };
}
