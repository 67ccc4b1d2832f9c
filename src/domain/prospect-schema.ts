/**
 * The one runtime schema for a prospect body, shared by the wizard (browser) and the local API (server).
 * Every message is user-facing Spanish: the wizard shows them next to its fields, the API returns them
 * as `{ campo, mensaje }`.
 */
import * as z from 'zod/mini';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { COUNTRIES, COUNTRY_CODES, type Country } from './countries';
import { REFERRAL_CODE_MAX_LENGTH } from './constants';
import { REFERRAL_CODE_PATTERN } from './referral';
import { shortKey } from './unknown-key';
import { isCampaignText } from './landing';
import { hasHiddenChars } from './hidden-chars';
import {
  EMAIL_MAX_LENGTH,
  ID_PATTERN,
  PROSPECT_FIELD_LABELS,
  INFO_EMPRESA_MAX_LENGTH,
  NAME_MAX_LENGTH,
  RECAPTCHA_TOKEN_MAX_LENGTH,
  TRACKING_FIELD_MAX_LENGTH,
  type InfoEmpresa,
  type ProspectCountry,
  type ProspectInput,
  type ProspectUpdate,
} from './prospect';
import { CATEGORIES, CATEGORY_LABELS, SECTORS, SITUATIONS, isSectorOf } from './wizard-options';

/** Spanish name of each body field, as used in `campo` (kept in prospect.ts: the wizard reads it too). */
export { PROSPECT_FIELD_LABELS };

/** Spanish name of each key inside the infoEmpresa JSON text. */
export const INFO_EMPRESA_FIELD_LABELS = {
  situacionActual: 'situación actual',
  rubro: 'rubro',
  sector: 'sector',
  visitoDemo: 'visita a la demo',
} as const satisfies Record<keyof InfoEmpresa, string>;

/** `campo` used when the body itself is not an object. */
export const BODY_FIELD_LABEL = 'datos';

export interface ProspectFieldError {
  /** The field, named in Spanish (see PROSPECT_FIELD_LABELS). */
  campo: string;
  /** A complete Spanish sentence for the user. */
  mensaje: string;
}

export type ProspectValidation<T> = { ok: true; value: T } | { ok: false; errors: ProspectFieldError[] };

// ---------------------------------------------------------------------------------------------------
// Field schemas

const isMissing = (input: unknown) => input === undefined || input === null;

const LONE_SURROGATE = /\p{Cs}/u;
/** What free text may not hold either: lone surrogates and NUL, which no PostgreSQL text can store. */
const isStorable = (s: string) => !LONE_SURROGATE.test(s) && !s.includes('\0');
/**
 * A name holds no character that hides or reorders text (hidden-chars.ts: control characters,
 * line and paragraph separators, bidi controls, lone surrogates): the rule campaign values follow.
 */
const hasNoForbiddenChars = (s: string) => !hasHiddenChars(s);

/**
 * What a name needs besides spaces: one character that shows. Separators, format characters
 * (zero-width spaces and joiners, U+2060, U+FEFF, soft hyphen), combining marks on their own and
 * the blank fillers (Hangul, braille) all show nothing, so a name made only of them is empty.
 */
const VISIBLE_CHAR = /[^\p{Z}\p{Cc}\p{Cf}\p{M}\s\u115F\u1160\u3164\uFFA0\u2800]/u;
/** Whether a name has a character that shows (the property tests generate names with it). */
export const hasVisibleChar = (s: string) => VISIBLE_CHAR.test(s);

interface TextMessages {
  missing: string;
  notText: string;
  tooLong: string;
  forbidden: string;
  /** Only invisible characters (zero-width spaces and the like): nothing a person could read. */
  invisible: string;
}

/**
 * A name with a character that hides or reorders text: the visitor cannot see it, so the message
 * says what it is and where it usually comes from.
 */
const hiddenCharsMessage = (subject: string) =>
  `${subject} tiene un salto de línea o un carácter invisible (suele venir al copiar y pegar). Escríbelo de nuevo.`;

function requiredText(m: TextMessages) {
  return z.string({ error: (iss) => (isMissing(iss.input) ? m.missing : m.notText) }).check(
    z.trim(),
    z.normalize('NFC'),
    z.minLength(1, { error: m.missing }),
    z.maxLength(NAME_MAX_LENGTH, { error: m.tooLong }),
    z.refine(hasNoForbiddenChars, { error: m.forbidden }),
    // Not aborting on an empty name: the checks across fields (the WhatsApp for the country)
    // still run, so every field's message shows at once.
    z.refine((s) => s === '' || hasVisibleChar(s), { error: m.invisible }),
  );
}

/** Trimmed; null, missing and blank all mean "not given" (the output has no value). */
function optionalText<T extends z.ZodMiniType<string, string>>(inner: T, notText: string) {
  return z.pipe(
    z.pipe(
      z.optional(z.nullable(z.string({ error: notText }))),
      z.transform((v: string | null | undefined) => {
        const trimmed = v?.trim();
        return trimmed === undefined || trimmed === '' ? undefined : trimmed;
      }),
    ),
    z.optional(inner),
  );
}

/** Free text (tracking, tokens): bounded and storable, whatever other characters it uses. */
function boundedText(max: number, tooLong: string, malformed: string) {
  return z.string().check(z.maxLength(max, { error: tooLong }), z.refine(isStorable, { error: malformed }));
}

const nombreEmpresaSchema = requiredText({
  missing: 'Ingresa el nombre de la empresa.',
  notText: 'El nombre de la empresa debe ser un texto.',
  tooLong: `El nombre de la empresa no puede superar los ${NAME_MAX_LENGTH} caracteres.`,
  forbidden: hiddenCharsMessage('El nombre de la empresa'),
  invisible: 'El nombre de la empresa no puede tener solo espacios o caracteres invisibles.',
});

const nombreSchema = requiredText({
  missing: 'Ingresa tu nombre.',
  notText: 'El nombre debe ser un texto.',
  tooLong: `El nombre no puede superar los ${NAME_MAX_LENGTH} caracteres.`,
  forbidden: hiddenCharsMessage('El nombre'),
  invisible: 'El nombre no puede tener solo espacios o caracteres invisibles.',
});

const apellidoSchema = requiredText({
  missing: 'Ingresa tu apellido.',
  notText: 'El apellido debe ser un texto.',
  tooLong: `El apellido no puede superar los ${NAME_MAX_LENGTH} caracteres.`,
  forbidden: hiddenCharsMessage('El apellido'),
  invisible: 'El apellido no puede tener solo espacios o caracteres invisibles.',
});

const PAIS_MISSING = 'Elige tu país.';
const PAIS_UNKNOWN = 'Elige un país de la lista.';
const PAIS_MISMATCH = 'Los datos del país no coinciden. Vuelve a elegir tu país.';

/** Extra keys (e.g. a whole Country with bandera and moneda) are dropped, not stored. */
const paisSchema = z
  .object(
    {
      codigo: z.enum(COUNTRY_CODES, { error: PAIS_UNKNOWN }),
      nombre: z.string({ error: PAIS_MISMATCH }),
      prefijo: z.string({ error: PAIS_MISMATCH }),
    },
    { error: (iss) => (isMissing(iss.input) ? PAIS_MISSING : PAIS_UNKNOWN) },
  )
  .check(
    z.refine(
      (p) => {
        const country = COUNTRIES[p.codigo];
        return p.prefijo === country.prefijo && p.nombre.normalize('NFC') === country.nombre;
      },
      { error: PAIS_MISMATCH },
    ),
    z.overwrite((p) => ({ ...p, nombre: COUNTRIES[p.codigo].nombre })),
  );

const WHATSAPP_MISSING = 'Ingresa tu número de WhatsApp.';
/** Longest E.164 number (15 digits) with its plus sign. */
const WHATSAPP_MAX_LENGTH = 16;

/** Spaces, dots, dashes and parentheses typed by the user are removed before checking. */
const whatsappSchema = z
  .string({ error: (iss) => (isMissing(iss.input) ? WHATSAPP_MISSING : 'El WhatsApp debe ser un texto.') })
  .check(
    z.overwrite((s) => s.replace(/[\s().-]/g, '')),
    z.minLength(1, { error: WHATSAPP_MISSING, abort: true }),
    z.regex(/^\+\d+$/, {
      error: 'El WhatsApp solo puede tener números, con el prefijo del país adelante.',
      abort: true,
    }),
    z.maxLength(WHATSAPP_MAX_LENGTH, {
      // The most common cause is an Argentine number typed with the 0 and the 15.
      error:
        'El WhatsApp tiene demasiados dígitos. En Argentina, escribe el código de área sin el 0 y el número sin el 15.',
    }),
  );

/**
 * Why a WhatsApp number (prefix included, separators removed) is not acceptable for a country,
 * or undefined when it is. AR numbers use the mobile form +549 + area code + number.
 */
export function whatsappProblem(whatsapp: string, country: Pick<Country, 'codigo'>): string | undefined {
  const { codigo, nombre, prefijo } = COUNTRIES[country.codigo];
  if (!whatsapp.startsWith(prefijo))
    return `El WhatsApp debe empezar con el prefijo ${prefijo} de ${nombre}.`;
  const phone = /^\+\d{1,15}$/.test(whatsapp) ? parsePhoneNumberFromString(whatsapp) : undefined;
  if (phone?.isValid() && (phone.country === undefined || phone.country === codigo)) return undefined;
  return codigo === 'AR'
    ? 'El WhatsApp no es un número válido para Argentina. Escribe el código de área sin el 0 y el número sin el 15.'
    : `El WhatsApp no es un número válido para ${nombre}.`;
}

const EMAIL_INVALID = 'El e-mail no es válido. Revisa que tenga la forma nombre@dominio.com.';
const emailSchema = optionalText(
  z.email({ error: EMAIL_INVALID }).check(
    z.maxLength(EMAIL_MAX_LENGTH, {
      error: `El e-mail no puede superar los ${EMAIL_MAX_LENGTH} caracteres.`,
    }),
  ),
  EMAIL_INVALID,
);

const REFERRAL_INVALID = `El código de referido solo puede tener letras, números, guiones y guiones bajos (hasta ${REFERRAL_CODE_MAX_LENGTH} caracteres).`;
const codigoReferidoSchema = optionalText(
  z.string().check(z.regex(REFERRAL_CODE_PATTERN, { error: REFERRAL_INVALID })),
  REFERRAL_INVALID,
);

const RECAPTCHA_INVALID = 'La verificación de seguridad no es válida. Vuelve a intentarlo.';
const recaptchaTokenSchema = optionalText(
  boundedText(RECAPTCHA_TOKEN_MAX_LENGTH, RECAPTCHA_INVALID, RECAPTCHA_INVALID),
  RECAPTCHA_INVALID,
);

/** Campaign data: the rule the browser applies before storing it (landing.ts), and no other. */
function trackingSchema(label: string, max: number) {
  return optionalText(
    z
      .string()
      .check(
        z.maxLength(max, { error: `El campo «${label}» no puede superar los ${max} caracteres.` }),
        z.refine(isCampaignText, { error: `El campo «${label}» tiene caracteres no válidos.` }),
      ),
    `El campo «${label}» debe ser un texto.`,
  );
}

// infoEmpresa: JSON text of InfoEmpresa ------------------------------------------------------------

const INFO_MISSING = 'Falta la información de la empresa.';
const RUBRO_INVALID = 'Elige un rubro de la lista.';
const SECTOR_INVALID = 'Elige un sector de la lista.';

/** The parsed InfoEmpresa object: only known keys, sector consistent with rubro. */
const infoEmpresaSchema = z
  .strictObject(
    {
      situacionActual: z.optional(z.enum(SITUATIONS, { error: 'Elige una de las situaciones de la lista.' })),
      rubro: z.optional(z.enum(CATEGORIES, { error: RUBRO_INVALID })),
      sector: z.optional(z.enum(SECTORS, { error: SECTOR_INVALID })),
      visitoDemo: z.optional(z.boolean({ error: 'El dato de visita a la demo debe ser verdadero o falso.' })),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `La información de la empresa tiene datos no permitidos: ${iss.keys.map(shortKey).join(', ')}.`
          : 'La información de la empresa debe ser un objeto JSON.',
    },
  )
  .check(
    z.superRefine((info, ctx) => {
      if (info.sector === undefined) return;
      if (info.rubro === undefined) {
        ctx.addIssue({ code: 'custom', message: 'Elige el rubro antes del sector.', path: ['sector'] });
      } else if (!isSectorOf(info.rubro, info.sector)) {
        ctx.addIssue({
          code: 'custom',
          message: `El sector elegido no corresponde al rubro «${CATEGORY_LABELS[info.rubro]}».`,
          path: ['sector'],
        });
      }
    }),
  );

const infoEmpresaTextSchema = z
  .string({
    error: (iss) =>
      isMissing(iss.input) ? INFO_MISSING : 'La información de la empresa debe enviarse como texto JSON.',
  })
  .check(
    z.maxLength(INFO_EMPRESA_MAX_LENGTH, {
      error: `La información de la empresa no puede superar los ${INFO_EMPRESA_MAX_LENGTH} caracteres.`,
      abort: true,
    }),
    z.superRefine((text, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'La información de la empresa no es un JSON válido.' });
        return;
      }
      const result = z.safeParse(infoEmpresaSchema, parsed);
      if (!result.success) {
        for (const issue of result.error.issues) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
        }
      }
    }),
  );

/** Parses a stored or received infoEmpresa text; undefined when it is not valid. */
export function parseInfoEmpresa(text: string): InfoEmpresa | undefined {
  if (z.safeParse(infoEmpresaTextSchema, text).success) {
    const info = z.safeParse(infoEmpresaSchema, JSON.parse(text));
    if (info.success) return info.data;
  }
  return undefined;
}

const idSchema = z
  .string({
    error: (iss) =>
      isMissing(iss.input)
        ? 'Falta el identificador del registro.'
        : 'El identificador del registro no es válido.',
  })
  .check(z.trim(), z.regex(ID_PATTERN, { error: 'El identificador del registro no es válido.' }));

// ---------------------------------------------------------------------------------------------------
// Body schemas

const L = PROSPECT_FIELD_LABELS;

const prospectShape = {
  nombreEmpresa: nombreEmpresaSchema,
  nombre: nombreSchema,
  apellido: apellidoSchema,
  pais: paisSchema,
  whatsapp: whatsappSchema,
  email: emailSchema,
  codigoReferido: codigoReferidoSchema,
  recaptchaToken: recaptchaTokenSchema,
  infoEmpresa: infoEmpresaTextSchema,
  urlQueryString: trackingSchema(L.urlQueryString, TRACKING_FIELD_MAX_LENGTH.urlQueryString),
  utmSource: trackingSchema(L.utmSource, TRACKING_FIELD_MAX_LENGTH.utmSource),
  utmCampaign: trackingSchema(L.utmCampaign, TRACKING_FIELD_MAX_LENGTH.utmCampaign),
  utmContent: trackingSchema(L.utmContent, TRACKING_FIELD_MAX_LENGTH.utmContent),
  utmTerm: trackingSchema(L.utmTerm, TRACKING_FIELD_MAX_LENGTH.utmTerm),
  fbclid: trackingSchema(L.fbclid, TRACKING_FIELD_MAX_LENGTH.fbclid),
};

const BODY_NOT_OBJECT = 'Los datos enviados deben ser un objeto JSON.';
const bodyParams = {
  error: (iss: { code?: string }) =>
    iss.code === 'unrecognized_keys' ? 'Campo no permitido.' : BODY_NOT_OBJECT,
};

/** The WhatsApp number must match the chosen country; runs once both fields are valid on their own. */
const whatsappMatchesCountry = z.superRefine<{ pais: ProspectCountry; whatsapp: string }>(
  (value, ctx) => {
    const problem = whatsappProblem(value.whatsapp, value.pais);
    if (problem !== undefined) {
      ctx.addIssue({ code: 'custom', message: problem, path: ['whatsapp'], input: value.whatsapp });
    }
  },
  {
    when: (payload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !payload.issues.some(
        (i) =>
          i.path === undefined || i.path.length === 0 || i.path[0] === 'pais' || i.path[0] === 'whatsapp',
      ),
  },
);

const prospectInputSchema = z.strictObject(prospectShape, bodyParams).check(whatsappMatchesCountry);

const prospectUpdateSchema = z
  .strictObject({ id: idSchema, ...prospectShape }, bodyParams)
  .check(whatsappMatchesCountry);

// Type-level check: the schemas produce exactly the types of prospect.ts (mutually assignable).
// The compiler checks it where it is declared; nothing uses it, hence the underscore.
type Agrees<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
type _ProspectSchemaAgreesWithTypes = Assert<
  [
    Agrees<z.output<typeof prospectInputSchema>, ProspectInput>,
    Agrees<z.output<typeof prospectUpdateSchema>, ProspectUpdate>,
    Agrees<z.output<typeof infoEmpresaSchema>, InfoEmpresa>,
  ] extends [true, true, true]
    ? true
    : false
>;

// ---------------------------------------------------------------------------------------------------
// Validation entry point

const INFO_LABELS: Readonly<Record<string, string>> = INFO_EMPRESA_FIELD_LABELS;
const FIELD_LABELS: Readonly<Record<string, string>> = PROSPECT_FIELD_LABELS;

function campoFor(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === undefined) return BODY_FIELD_LABEL;
  if (first === 'infoEmpresa' && typeof second === 'string') {
    return INFO_LABELS[second] ?? L.infoEmpresa;
  }
  return FIELD_LABELS[String(first)] ?? shortKey(first);
}

const FIELD_ORDER: readonly string[] = Object.keys(PROSPECT_FIELD_LABELS);

/** Body fields in form order (infoEmpresa keys under infoEmpresa), then unknown keys. */
function orderOf(path: readonly PropertyKey[]): number {
  const index = FIELD_ORDER.indexOf(String(path[0]));
  return index === -1 ? FIELD_ORDER.length : index;
}

function toFieldErrors(issues: readonly z.core.$ZodIssue[]): ProspectFieldError[] {
  const errors: ProspectFieldError[] = [];
  const seen = new Set<string>();
  const add = (campo: string, mensaje: string) => {
    if (seen.has(campo)) return;
    seen.add(campo);
    errors.push({ campo, mensaje });
  };
  const sorted = [...issues].sort((a, b) => orderOf(a.path) - orderOf(b.path));
  for (const issue of sorted) {
    if (issue.code === 'unrecognized_keys' && issue.path.length === 0) {
      for (const key of issue.keys) add(shortKey(key), `El campo «${shortKey(key)}» no está permitido.`);
    } else {
      add(campoFor(issue.path), issue.message);
    }
  }
  return errors;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Validates an untrusted prospect body. With requireId it is the PUT body (id required), otherwise
 * the POST body (id not allowed). Never throws. The value is normalised: trimmed, blanks removed,
 * separators stripped from the WhatsApp number.
 */
export function validateProspect(
  body: unknown,
  options: { requireId: true },
): ProspectValidation<ProspectUpdate>;
export function validateProspect(
  body: unknown,
  options?: { requireId?: false },
): ProspectValidation<ProspectInput>;
export function validateProspect(
  body: unknown,
  options?: { requireId?: boolean },
): ProspectValidation<ProspectInput | ProspectUpdate>;
export function validateProspect(
  body: unknown,
  options: { requireId?: boolean } = {},
): ProspectValidation<ProspectInput | ProspectUpdate> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, errors: [{ campo: BODY_FIELD_LABEL, mensaje: BODY_NOT_OBJECT }] };
  }
  const result = options.requireId
    ? z.safeParse(prospectUpdateSchema, body)
    : z.safeParse(prospectInputSchema, body);
  if (result.success) return { ok: true, value: withoutUndefined(result.data) };
  return { ok: false, errors: toFieldErrors(result.error.issues) };
}
