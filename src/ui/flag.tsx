import type { Country } from '../domain/countries';

/**
 * A country's flag drawn in CSS. As an image, each flag was a request started inside the first
 * paint of every page with the country selector; a gradient is neither a request nor an image
 * document. Its size is in the stylesheet (`.flag`), not in a `style` attribute on each of the top
 * bar's seven. Its colours (`.flag-XX`, FLAG_ART_CLASS) come with the whole stylesheet after the
 * first paint. `label` names it (the selector's links); without one it is decoration next to the
 * country's name.
 */
export function Flag({ country, label }: { country: Pick<Country, 'codigo'>; label?: string }) {
  return (
    <span
      className={`flag flag-${country.codigo}`}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    />
  );
}
