/**
 * The build's example settings (routes-manifest.json, written by the prerender from
 * src/config/placeholders.ts), named in one block when the server starts: a newcomer's site works
 * with them, and nobody should publish it that way by mistake. In production the server refuses to
 * start with them, like a production build, unless STAGING=1 says it is a test copy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { placeholderLines, productionRefusal, type Placeholder } from '../src/domain/placeholders';
import { flowsAccessLine, type FlowsAccess } from './flows-login';
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

/**
 * What a start with these examples prints on stderr before exiting, or undefined when it may start:
 * anywhere but production, with STAGING=1, or with no example left.
 */
export function startRefusal(
  placeholders: readonly Placeholder[],
  start: { production: boolean; staging: boolean },
): string | undefined {
  if (!start.production || start.staging || placeholders.length === 0) return undefined;
  return [
    ...productionRefusal(placeholders, 'start'),
    'Si es una copia de prueba (staging) que puede mostrarlos, iníciala con STAGING=1.',
  ].join('\n');
}

const RULE = '-'.repeat(78);

export interface StartInfo {
  /** Where it listens, e.g. http://127.0.0.1:4173/ */
  url: string;
  /** Where the data lives (describeStorage). */
  storage: string;
  /** Whether /flujos/ is served. */
  flows: boolean;
  /** Who may see the counts and the explorer (open when absent). */
  flowsAccess?: FlowsAccess;
  placeholders: readonly Placeholder[];
}

/**
 * The start-up block: where the site is, where its data goes, whether the flows' counts ask for a
 * login (or cannot be shown for want of one), and every example setting in use.
 */
export function startBlock(info: StartInfo): string {
  const { placeholders } = info;
  return [
    RULE,
    `Sitio: ${info.url}`,
    `Explorador de flujos: ${info.flows ? `${info.url}flujos/` : 'apagado (FLOWS=on lo enciende)'}`,
    `Datos: ${info.storage}`,
    ...[flowsAccessLine(info.flowsAccess ?? { mode: 'open' })].filter((line) => line !== undefined),
    ...(placeholders.length === 0
      ? []
      : [
          `ATENCIÓN: este sitio usa ${placeholders.length} valores de ejemplo. Sirve para probar; no lo publiques así.`,
          ...placeholderLines(placeholders),
          'Define cada variable antes de compilar (README, Configuración; docs/deployment.md).',
          'NODE_ENV=production npm run build no compila mientras quede alguno.',
        ]),
    RULE,
  ].join('\n');
}
