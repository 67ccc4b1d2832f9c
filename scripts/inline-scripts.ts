/**
 * The two inline scripts every page carries (src/boot/head.entry.ts at the top of the head,
 * src/boot/boot.entry.ts at the end of the body), bundled and minified like the site's other
 * code: each is an entry file that imports the domain's rules as modules. Their text is written
 * into the pages as it comes out of the bundler, and the server allows exactly that text by its
 * hash (scriptHash, routes-manifest.json).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Rolldown } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

const INLINE_ENTRIES = {
  head: 'src/boot/head.entry.ts',
  boot: 'src/boot/boot.entry.ts',
} as const;

export type InlineScripts = Record<keyof typeof INLINE_ENTRIES, string>;

async function bundle(entry: string): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      write: false,
      // Terser, over several passes: these two scripts travel inside every page, whose compressed
      // HTML must fit the first round trip; the bundler's own minifier left them larger.
      minify: 'terser',
      terserOptions: { compress: { passes: 3 }, toplevel: true },
      target: 'es2022',
      // An inline script is one file: nothing may be split off or preloaded.
      modulePreload: false,
      rolldownOptions: {
        input: path.join(root, entry),
        output: { format: 'iife', codeSplitting: false },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((file) => file.type === 'chunk');
  if (chunks.length !== 1 || !chunks[0]) throw new Error(`${entry}: se esperaba un solo archivo`);
  // '</script' inside the text would end the inline element early.
  const code = chunks[0].code.trim();
  if (/<\/script/i.test(code)) throw new Error(`${entry}: el texto contiene </script`);
  return code;
}

/** Bundles both inline scripts. */
export async function buildInlineScripts(): Promise<InlineScripts> {
  const [head, boot] = await Promise.all([bundle(INLINE_ENTRIES.head), bundle(INLINE_ENTRIES.boot)]);
  return { head, boot };
}

/** The Content-Security-Policy source that allows an inline script of this exact text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}
