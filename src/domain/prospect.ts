import type { CountryCode } from './countries';
import type { Category, Sector, Situation } from './wizard-options';

/**
 * The prospect (lead) of spec section 3, as sent to POST/PUT {api}/prospectos/.
 * The runtime schema shared by browser and server lives in prospect-schema.ts.
 */

export interface ProspectCountry {
  codigo: CountryCode;
  nombre: string;
  prefijo: string;
}

/** Parsed form of the infoEmpresa JSON text. */
export interface InfoEmpresa {
  situacionActual?: Situation;
  rubro?: Category;
  sector?: Sector;
  visitoDemo?: boolean;
}

/** The tracking fields of a prospect (spec section 3), in body order. */
export const TRACKING_FIELDS = [
  'urlQueryString',
  'utmSource',
  'utmCampaign',
  'utmContent',
  'utmTerm',
  'fbclid',
] as const;
export type TrackingField = (typeof TRACKING_FIELDS)[number];
export type TrackingFields = Partial<Record<TrackingField, string>>;

/** Prospect ids and idempotency keys: what the API mints and what the wizard and the API accept. */
export const ID_MAX_LENGTH = 100;
export const ID_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${ID_MAX_LENGTH}}$`);

// Maximum lengths of the prospect's texts, shared by the schema, the wizard and its restore.
export const NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;
/** The WhatsApp number as typed (local part, separators included); the body's form is shorter. */
export const WHATSAPP_TYPED_MAX_LENGTH = 30;
export const INFO_EMPRESA_MAX_LENGTH = 1000;
export const RECAPTCHA_TOKEN_MAX_LENGTH = 4000;
export const URL_QUERY_STRING_MAX_LENGTH = 2000;
export const TRACKING_VALUE_MAX_LENGTH = 500;
export const TRACKING_FIELD_MAX_LENGTH: Readonly<Record<TrackingField, number>> = {
  urlQueryString: URL_QUERY_STRING_MAX_LENGTH,
  utmSource: TRACKING_VALUE_MAX_LENGTH,
  utmCampaign: TRACKING_VALUE_MAX_LENGTH,
  utmContent: TRACKING_VALUE_MAX_LENGTH,
  utmTerm: TRACKING_VALUE_MAX_LENGTH,
  fbclid: TRACKING_VALUE_MAX_LENGTH,
};

export interface ProspectInput extends TrackingFields {
  nombreEmpresa: string;
  nombre: string;
  apellido: string;
  pais: ProspectCountry;
  /** Number with the country's dialling prefix in front, e.g. +5491123456789. */
  whatsapp: string;
  email?: string;
  codigoReferido?: string;
  /** Only when the campaign source is fb. */
  recaptchaToken?: string;
  /** JSON text of InfoEmpresa. */
  infoEmpresa: string;
}

export interface ProspectUpdate extends ProspectInput {
  id: string;
}

export interface ProspectCreated {
  id: string;
  estado: string;
}

/** Spanish name of each body field, as the API names it in `campo` and the wizard shows it. */
export const PROSPECT_FIELD_LABELS = {
  id: 'identificador',
  nombreEmpresa: 'nombre de la empresa',
  nombre: 'nombre',
  apellido: 'apellido',
  pais: 'país',
  whatsapp: 'WhatsApp',
  email: 'e-mail',
  codigoReferido: 'código de referido',
  recaptchaToken: 'verificación de seguridad',
  infoEmpresa: 'información de la empresa',
  urlQueryString: 'parámetros de la URL',
  utmSource: 'origen de la campaña (utm_source)',
  utmCampaign: 'campaña (utm_campaign)',
  utmContent: 'contenido de la campaña (utm_content)',
  utmTerm: 'término de la campaña (utm_term)',
  fbclid: 'identificador de clic de Facebook (fbclid)',
} as const satisfies Record<keyof ProspectUpdate, string>;

export function serializeInfoEmpresa(info: InfoEmpresa): string {
  const out: InfoEmpresa = {};
  if (info.situacionActual !== undefined) out.situacionActual = info.situacionActual;
  if (info.rubro !== undefined) out.rubro = info.rubro;
  if (info.sector !== undefined) out.sector = info.sector;
  if (info.visitoDemo !== undefined) out.visitoDemo = info.visitoDemo;
  return JSON.stringify(out);
}
