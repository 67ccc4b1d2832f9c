import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One home for copy (issue 28, item 4): a component shows the words of its flow's copy.ts or of
 * src/content, never words of its own. Every .tsx under src/flows, src/pages and src/ui (and
 * src/app.tsx) fails on:
 * - JSX text with a letter in it;
 * - a string or template with Spanish in it, in a prop or anywhere else in the file (a label in an
 *   object, a ternary's branch), except in attributes that are never read as text (className, id,
 *   href, aria-controls...), in import paths, and in console calls and thrown errors (messages for
 *   developers, not visitors).
 * A string is Spanish when it has a letter only Spanish uses (á, ñ, ¿...), a common Spanish word
 * between spaces, or is one of the one-word labels buttons and menus use, capitalised ('Siguiente';
 * 'inicio' is a key). Identifiers, ids, paths and URLs (one word with '-', '_', '.', '/', ':', '?',
 * '=' or '{') are never copy.
 */

const ROOTS = ['src/flows', 'src/pages', 'src/ui'];
const FILES = [
  ...ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' }).map((file) => join(root, file)),
  ),
  'src/app.tsx',
]
  .filter((file) => file.endsWith('.tsx'))
  .sort();

/** Attributes whose value a visitor never reads or hears. */
const NOT_TEXT = new Set([
  'className',
  'id',
  'key',
  'htmlFor',
  'href',
  'src',
  'srcSet',
  'type',
  'name',
  'role',
  'rel',
  'target',
  'method',
  'action',
  'autoComplete',
  'inputMode',
  'enterKeyHint',
  'hrefLang',
  'lang',
  'loading',
  'decoding',
  'referrerPolicy',
  'allow',
  'style',
  'viewBox',
  'd',
  'fill',
  'stroke',
  'aria-controls',
  'aria-describedby',
  'aria-labelledby',
  'aria-live',
  'aria-hidden',
  'aria-current',
  'aria-expanded',
  'aria-pressed',
  'aria-busy',
  'aria-invalid',
]);
const isTextAttribute = (name: string) => !NOT_TEXT.has(name) && !name.startsWith('data-');

const SPANISH_LETTER = /[áéíóúüñ¿¡]/iu;
/** Words that make a phrase Spanish. */
const FUNCTION_WORDS = new Set(
  'de del la las el los un una y o en con sin por para que tu tus mi mis su sus te se es al lo nos ya'.split(
    ' ',
  ),
);
/** One-word labels: buttons, menus, table headings. */
const LABEL_WORDS = new Set(
  'siguiente anterior atras cerrar abrir volver enviar guardar cancelar aceptar continuar comenzar entendido inicio registro contacto beneficios pagar pago reintentar ver todos gracias hola nombre apellido tienda precio total moneda formato ventajas legales cargando'.split(
    ' ',
  ),
);
const IDENTIFIER_LIKE = /^\S*[-_./:?={#@]\S*$/u;

function isSpanish(text: string): boolean {
  const trimmed = text.trim();
  if (!/\p{L}/u.test(trimmed) || IDENTIFIER_LIKE.test(trimmed)) return false;
  if (SPANISH_LETTER.test(trimmed)) return true;
  const words = trimmed
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  // One lower-case word is a key ('nombre', 'inicio'); a label starts with a capital.
  if (words.length === 1) return /^\p{Lu}/u.test(trimmed) && LABEL_WORDS.has(words[0] ?? '');
  return words.some((word) => LABEL_WORDS.has(word) || FUNCTION_WORDS.has(word));
}

/** A node whose strings are for developers or for the module system, not for visitors. */
function isExempt(node: ts.Node): boolean {
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return true;
  if (ts.isJsxAttribute(node)) return !isTextAttribute(node.name.getText());
  if (ts.isNewExpression(node)) return /Error$/.test(node.expression.getText());
  if (ts.isCallExpression(node)) {
    const callee = node.expression.getText();
    return callee === 'import' || callee.startsWith('console.');
  }
  return false;
}

/** The copy written in a component's source: each offending text, as written. */
function inlineCopy(code: string, fileName = 'component.tsx'): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (isExempt(node)) return;
    if (ts.isJsxText(node)) {
      const text = node
        .getText()
        .replace(/&[#\w]+;/g, ' ')
        .trim();
      if (/\p{L}/u.test(text)) found.push(text.replace(/\s+/g, ' '));
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      // A key of an object ('aria-label': ...) names a property, it is not shown.
      const isKey = ts.isPropertyAssignment(node.parent) && node.parent.name === node;
      if (!isKey && isSpanish(node.text)) found.push(node.text);
    } else if (ts.isTemplateExpression(node)) {
      const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('X');
      if (isSpanish(text)) found.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('one home for copy: no Spanish written in a component', () => {
  it('the check finds copy in JSX text, props, labels and templates', () => {
    expect(
      inlineCopy(`
        const ITEMS = [{ label: 'Inicio', href: section('inicio') }];
        export function View({ busy, n }: { busy: boolean; n: number }) {
          return (
            <form aria-label="Registro">
              <p>Datos de contacto</p>
              <TextField label="Nombre" />
              <button aria-label="Cerrar menú">x</button>
              <p role="status">{busy ? 'Guardando tus datos…' : ''}</p>
              <p>{\`Paso \${n} de 4\`}</p>
              <button>Siguiente</button>
            </form>
          );
        }
      `),
    ).toEqual([
      'Inicio',
      'Registro',
      'Datos de contacto',
      'Nombre',
      'Cerrar menú',
      'x',
      'Guardando tus datos…',
      'Paso X de 4',
      'Siguiente',
    ]);
  });

  it('lets classes, ids, paths, aria references, copy objects and developer messages through', () => {
    expect(
      inlineCopy(`
        import { COPY } from './copy';
        const load = () => import('./question-container');
        export function View({ name, slug }: { name: string; slug: string }) {
          if (!slug) throw new Error(\`Falta el artículo \${slug}\`);
          console.error('No se pudo cargar el carrusel');
          const props = { 'aria-roledescription': COPY.diapositiva };
          return (
            <section id="resto-de-inicio" className="wizard-step has-error" aria-labelledby={\`paso-\${name}\`}>
              <a href="/registro" hrefLang="es" data-step="contacto" aria-label={COPY.registro} {...props}>
                {COPY.siguiente}
              </a>
              <span aria-hidden="true">{'≈'}&nbsp;</span>
              <input type="email" autoComplete="email" name={\`registro-\${name}\`} />
            </section>
          );
        }
      `),
    ).toEqual([]);
  });

  it('reads every component', () => {
    expect(FILES.length).toBeGreaterThan(50);
    expect(FILES).toContain('src/flows/registration/contact-step.tsx');
    expect(FILES).toContain('src/ui/layout/footer.tsx');
    expect(FILES).toContain('src/pages/terms-page.tsx');
  });

  it.each(FILES)('%s takes its words from a copy file', (file) => {
    expect(inlineCopy(readFileSync(file, 'utf8'), file)).toEqual([]);
  });
});
