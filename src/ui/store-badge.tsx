import { config } from '../config';
import { STORE_BADGE } from '../content/store-badge';

/**
 * The link to the admin app on Google Play, its badge drawn in HTML and CSS with the page's own
 * font. As an SVG image (a file or a data URI) Chromium built an isolated document for it while it
 * parsed the page, inside the parse of /descargar, where it is in the first screen
 * (docs/performance.md, "Measurements behind the code"). Its text also asked for Arial at two
 * sizes of its own.
 */
export function StoreBadge({ label }: { label: string }) {
  return (
    <a className="store-badge" href={config.androidStoreUrl} target="_blank" rel="noopener noreferrer">
      <span className="store-badge-art" role="img" aria-label={label}>
        <svg width="24" height="32" viewBox="0 0 24 32" aria-hidden="true">
          <path d="M0 0l24 16L0 32z" fill="#34a853" />
          <path d="M0 0l16 16L0 32z" fill="#4285f4" />
        </svg>
        <span className="store-badge-words">
          <span>{STORE_BADGE.kicker}</span>
          <span className="store-badge-store">{STORE_BADGE.store}</span>
        </span>
      </span>
    </a>
  );
}
