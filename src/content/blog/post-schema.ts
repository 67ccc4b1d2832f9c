/**
 * The front matter of a post file (src/content/blog/posts/<slug>.md), checked when the site is
 * built: a missing, misspelt or malformed field stops the build with the file and the field named.
 * The field names are Spanish, as the people who write the posts read them.
 */
import * as z from 'zod';

const text = (min: number, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'falta' : 'debe ser un texto') })
    .trim()
    .min(min, `debe tener al menos ${min} caracteres`)
    .max(max, `debe tener como máximo ${max} caracteres`);

/** YAML reads an unquoted 2026-11-23 as a date: both forms become the same AAAA-MM-DD text. */
const isoDay = z.preprocess(
  (value) =>
    value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value,
  z
    .string({ error: (issue) => (issue.input === undefined ? 'falta' : 'debe ser una fecha AAAA-MM-DD') })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'debe ser una fecha AAAA-MM-DD')
    .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'no es una fecha real'),
);

export const postFrontMatterSchema = z.strictObject(
  {
    titulo: text(10, 110),
    slug: z
      .string({ error: (issue) => (issue.input === undefined ? 'falta' : 'debe ser un texto') })
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'debe tener solo minúsculas sin acentos, números y guiones'),
    /** The page's meta description (search results, link previews). */
    descripcion: text(50, 170),
    introduccion: text(50, 400),
    etiquetas: z
      .array(text(2, 30), { error: 'debe ser una lista, por ejemplo [WhatsApp, Pedidos]' })
      .min(1, 'debe tener al menos una etiqueta')
      .max(6, 'debe tener como máximo 6 etiquetas'),
    /** The filter menu of the blog index offers each category once, in order of appearance. */
    categoria: text(2, 30),
    /** The text alternative of the post's illustration. */
    imagen: text(10, 120),
    /** The illustration's colour. */
    color: z
      .string({ error: (issue) => (issue.input === undefined ? 'falta' : 'debe ser un color #RRGGBB') })
      .regex(/^#[0-9a-fA-F]{6}$/, 'debe ser un color #RRGGBB entre comillas, por ejemplo "#25D366"'),
    /** The real publication day (machine-readable; the page shows today's date, spec section 2). */
    publicado: isoDay,
  },
  { error: 'debe empezar con los datos del artículo entre dos líneas ---' },
);

/** The problems of a front matter, one Spanish line each naming the field. */
export function frontMatterProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return `campo desconocido ${issue.keys.map((key) => `«${key}»`).join(', ')} (los campos son: ${Object.keys(postFrontMatterSchema.shape).join(', ')})`;
    }
    const field = issue.path.map(String).join('.');
    return field ? `el campo «${field}» ${issue.message}` : issue.message;
  });
}
