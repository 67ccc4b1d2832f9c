import { Features, transform } from 'lightningcss';
import type { Plugin } from 'vite';
import {
  BREAKPOINTS_PX,
  LANDING_CAROUSEL_RESPONSIVE,
  MOBILE_MAX_WIDTH_PX,
  SHORT_SCREEN_MAX_HEIGHT_PX,
  SHORT_SCREEN_WITH_NOTICE_MAX_HEIGHT_PX,
} from '../src/domain/constants';

const { sm, lg, xl } = BREAKPOINTS_PX;
const { tablet, desktop } = LANDING_CAROUSEL_RESPONSIVE;

/**
 * The only media queries with lengths the stylesheets in src/ may use, written there as
 * `@media (--name)`: the layout breakpoints and the mobile viewport of spec section 9, and its
 * tablet and desktop ranges of the landing carousel, which the CSS shown before Swiper starts
 * (and the grids beside it) must follow.
 */
export const CUSTOM_MEDIA = {
  '--sm-up': `(min-width: ${sm}px)`,
  '--mobile': `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`,
  '--above-mobile': `(min-width: ${MOBILE_MAX_WIDTH_PX + 1}px)`,
  '--lg-up': `(min-width: ${lg}px)`,
  '--xl-up': `(min-width: ${xl}px)`,
  '--tablet-up': `(min-width: ${tablet.min}px)`,
  '--desktop-up': `(min-width: ${desktop.min}px)`,
  '--below-desktop': `(max-width: ${desktop.min - 1}px)`,
  '--short-screen': `(max-height: ${SHORT_SCREEN_MAX_HEIGHT_PX}px)`,
  '--short-screen-with-notice': `(max-height: ${SHORT_SCREEN_WITH_NOTICE_MAX_HEIGHT_PX}px)`,
} as const;

const CUSTOM_MEDIA_CSS = Object.entries(CUSTOM_MEDIA)
  .map(([name, query]) => `@custom-media ${name} ${query};`)
  .join('\n');

/**
 * Replaces every `(--name)` of CUSTOM_MEDIA in a stylesheet by its query (lightningcss's custom
 * media draft). Only custom media and range syntax are lowered, so the rest of the CSS is left to
 * Vite; an unknown name throws, which fails the build.
 */
export function resolveCustomMedia(
  code: string,
  filename: string,
): { code: string; map: string | undefined } {
  const result = transform({
    filename,
    code: Buffer.from(`${code}\n${CUSTOM_MEDIA_CSS}\n`),
    drafts: { customMedia: true },
    include: Features.CustomMediaQueries | Features.MediaRangeSyntax,
    errorRecovery: false,
    sourceMap: true,
  });
  return { code: result.code.toString(), map: result.map?.toString() };
}

/** Vite plugin: resolves the custom media of the project's own stylesheets (src/), in dev and build. */
export function customMediaPlugin(): Plugin {
  let srcDir = '';
  return {
    name: 'custom-media-breakpoints',
    enforce: 'pre',
    configResolved(config) {
      srcDir = `${config.root}/src/`;
    },
    transform(code, id) {
      const [file = ''] = id.split('?');
      if (!file.startsWith(srcDir) || !file.endsWith('.css')) return null;
      return resolveCustomMedia(code, file);
    },
  };
}
