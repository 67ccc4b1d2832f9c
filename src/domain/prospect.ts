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

export interface TrackingFields {
  urlQueryString?: string;
  utmSource?: string;
  utmCampaign?: string;
  utmContent?: string;
  utmTerm?: string;
  fbclid?: string;
}

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

export function serializeInfoEmpresa(info: InfoEmpresa): string {
  const out: InfoEmpresa = {};
  if (info.situacionActual !== undefined) out.situacionActual = info.situacionActual;
  if (info.rubro !== undefined) out.rubro = info.rubro;
  if (info.sector !== undefined) out.sector = info.sector;
  if (info.visitoDemo !== undefined) out.visitoDemo = info.visitoDemo;
  return JSON.stringify(out);
}
