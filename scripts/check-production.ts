/**
 * First step of `npm run build`: with NODE_ENV=production (a production build), refuses to build
 * while any setting is still an embedded example (src/config/placeholders.ts), naming each with its
 * variable or file. Any other build goes on, saying how many examples it carries.
 * Exit codes: 0 build, 1 refused (or a setting is invalid).
 */
import path from 'node:path';
import { loadEnv } from 'vite';
import { loadConfig } from '../src/config/load';
import { productionRefusal, sitePlaceholders } from '../src/config/placeholders';
import { TESTIMONIALS_ARE_REAL } from '../src/content/home/testimonials';

const root = path.resolve(import.meta.dirname, '..');
const production = process.env.NODE_ENV === 'production';

function check(): number {
  let config;
  try {
    // The same environment the site's build reads (vite.config.ts): VITE_* variables and .env files.
    config = loadConfig(loadEnv('production', root, 'VITE_'));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  const found = sitePlaceholders(config, { testimonialsAreReal: TESTIMONIALS_ARE_REAL });
  if (found.length === 0) return 0;
  if (!production) {
    console.info(
      `Compilación con ${found.length} valores de ejemplo (el servidor los nombra al iniciar; NODE_ENV=production no compila así).`,
    );
    return 0;
  }
  console.error(productionRefusal(found, 'build').join('\n'));
  return 1;
}

process.exitCode = check();
