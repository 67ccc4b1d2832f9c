/**
 * Validation of a newsletter subscription body (the local API's POST {api}/newsletter/): exactly
 * one field, `email`, a valid address of at most EMAIL_MAX_LENGTH characters, normalised to lower
 * case. Every message is Spanish and shown to the visitor as the form's warning.
 */
import * as z from 'zod/mini';
import { NEWSLETTER_EMAIL_FIELD } from './newsletter';
import { EMAIL_MAX_LENGTH } from './prospect';
import { shortKey } from './unknown-key';

export const NEWSLETTER_MESSAGES = {
  notObject: 'Envía tu correo electrónico en el campo email.',
  missing: 'Escribe tu correo electrónico.',
  notText: 'Envía un solo correo electrónico, como texto.',
  tooLong: `El correo electrónico no puede superar los ${EMAIL_MAX_LENGTH} caracteres.`,
  invalid: 'El correo electrónico no es válido. Revisa que tenga la forma nombre@dominio.com.',
  unknownField: (name: string) => `El campo «${name}» no está permitido.`,
} as const;

const M = NEWSLETTER_MESSAGES;

const emailSchema = z.pipe(
  z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? M.missing : M.notText) })
    .check(z.trim(), z.toLowerCase(), z.minLength(1, { error: M.missing, abort: true })),
  z.email({ error: M.invalid }).check(z.maxLength(EMAIL_MAX_LENGTH, { error: M.tooLong })),
);

const bodySchema = z.strictObject({ [NEWSLETTER_EMAIL_FIELD]: emailSchema }, { error: M.notObject });

export type NewsletterValidation = { ok: true; email: string } | { ok: false; message: string };

/** Validates a parsed body (JSON or form fields); the first problem is the message. */
export function validateNewsletter(body: unknown): NewsletterValidation {
  const result = z.safeParse(bodySchema, body);
  if (result.success) return { ok: true, email: result.data.email };
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    return { ok: false, message: M.unknownField(shortKey(issue.keys[0] ?? '')) };
  }
  return { ok: false, message: issue?.message ?? M.invalid };
}
