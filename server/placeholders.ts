/**
 * The build's example settings (routes-manifest.json, written by the prerender from
 * src/config/placeholders.ts), named in one block when the server starts: a newcomer's site works
 * with them, and nobody should publish it that way by mistake.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { placeholderLines, type Placeholder } from '../src/domain/placeholders';
import { MANIFEST_FILE } from './static-site';

const isPlaceholder = (value: unknown): value is Placeholder =>
  typeof value === 'object' &&
  value !== null &&
  ['where', 'setting', 'value'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

/** The build's placeholders; undefined when there is no build (or it predates the list). */
export function readPlaceholders(distDir: string): Placeholder[] | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path.join(distDir, MANIFEST_FILE), 'utf8')) as {
      placeholders?: unknown;
    };
    return Array.isArray(manifest.placeholders) ? manifest.placeholders.filter(isPlaceholder) : undefined;
  } catch {
    return undefined;
  }
}

const RULE = '-'.repeat(78);

/** The start-up block, or nothing when every setting is the company's own. */
export function placeholderBlock(placeholders: readonly Placeholder[]): string | undefined {
  if (placeholders.length === 0) return undefined;
  return [
    RULE,
    `ATENCIÓN: este sitio usa ${placeholders.length} valores de ejemplo. Sirve para probar; no lo publiques así.`,
    ...placeholderLines(placeholders),
    'Define cada variable antes de compilar (README, Configuración; docs/deployment.md).',
    'NODE_ENV=production npm run build no compila mientras quede alguno.',
    RULE,
  ].join('\n');
}
