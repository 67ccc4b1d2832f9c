/**
 * Words that several flows and pages show with the same meaning, written once: a change here
 * reaches every place that shows them.
 */
export const COMMON_COPY = {
  /** The wizard's steps and the carousels' next-slide button. */
  siguiente: 'Siguiente',
  /** The wizard's country list and the top bar's country links. */
  eligeTuPais: 'Elige tu país',
  /** The not-found page and the application error. */
  volverAlInicio: 'Volver al inicio',
  /** Read after a link's text (visually hidden): the link opens a new tab. */
  pestanaNueva: ' (se abre en una pestaña nueva)',
} as const;

/** The site's slogan: the home page's heading and the top bar of every page. */
export const SLOGAN = 'Tu tienda online con 0\u00a0% de comisión';
