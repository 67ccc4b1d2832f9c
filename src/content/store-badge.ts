/**
 * The Google Play badge's words (drawn by StoreBadge, src/ui/store-badge.tsx) and the
 * name each page gives it.
 */
export const STORE_BADGE = {
  kicker: 'DISPONIBLE EN',
  store: 'Google Play',
  /** On /descargar, where the badge is the page's call to action. */
  downloadLabel: 'Disponible en Google Play',
} as const;
