import { svgDataUri } from '../domain/svg-data-uri';

/**
 * The Google Play badge (200 × 60). It travels inside the page as a data URI: on /descargar it is
 * the first screen's image, and as a file it arrived one round trip after the HTML, which held
 * back the page's largest paint.
 */
export const GOOGLE_PLAY_BADGE_SRC = svgDataUri(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60" viewBox="0 0 200 60"><rect width="200" height="60" rx="10" fill="#000"/><path d="M22 14l24 16-24 16z" fill="#34a853"/><path d="M22 14l16 16-16 16z" fill="#4285f4"/><text x="58" y="26" fill="#fff" font-family="Arial,sans-serif" font-size="11">DISPONIBLE EN</text><text x="58" y="46" fill="#fff" font-family="Arial,sans-serif" font-size="20" font-weight="bold">Google Play</text></svg>',
);
