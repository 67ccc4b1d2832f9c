/**
 * The meanings the flows' notes share for data whose values are identifiers: the wizard's contact
 * fields and the countries, named as the site names them, for the flow explorer (/flujos/) and
 * docs/flows/.
 */
import { COUNTRIES, COUNTRY_CODES } from '../domain/countries';
import type { ContactField } from '../domain/lead-payload';

/** Each contact field of the wizard's step 1 by what the visitor reads next to it. */
export const CONTACT_FIELD_WORDS: Readonly<Record<ContactField, string>> = {
  nombreEmpresa: 'nombre del negocio',
  nombre: 'nombre',
  apellido: 'apellido',
  pais: 'país',
  whatsapp: 'WhatsApp',
  email: 'e-mail',
};

/** Each country code the site knows by the country's name. */
export const COUNTRY_WORDS: Readonly<Record<string, string>> = Object.fromEntries(
  COUNTRY_CODES.map((code) => [code, COUNTRIES[code].nombre]),
);
