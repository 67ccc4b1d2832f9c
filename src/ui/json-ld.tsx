import type { Thing, WithContext } from 'schema-dts';
import { jsonLdText } from '../seo/json-ld';
import { useHydrated } from './hooks/use-hydrated';

/**
 * Structured data for search engines, as a JSON-LD script. With `afterHydration` it is added only
 * once the page's code runs: prerendered pages that have no room for it in their first round trip
 * (the home page) carry it that way, and Google reads JSON-LD added by a page's code too.
 */
export function JsonLd({
  data,
  afterHydration = false,
}: {
  data: WithContext<Thing> | readonly WithContext<Thing>[];
  afterHydration?: boolean;
}) {
  const hydrated = useHydrated();
  if (afterHydration && !hydrated) return null;
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
