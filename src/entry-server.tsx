import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { config } from './config';
import { sitePlaceholders } from './config/placeholders';
import { TESTIMONIALS_ARE_REAL } from './content/home/testimonials';
import { App, exactPath, pageKeyAt } from './app';
import { loadPage } from './pages/page-registry';

export { pageHead } from './content/page-head';
export { PAGES, canonicalPath, resolvePage } from './content/pages';
export { config, whatsappLink } from './config';

/** The settings still at their embedded example values: the server names them when it starts. */
export const placeholders = sitePlaceholders(config, { testimonialsAreReal: TESTIMONIALS_ARE_REAL });
export { pageModule } from './pages/page-registry';
export { seoHead } from './seo/head';
export { siteFiles } from './seo/site-files';

/** Renders one route to HTML for prerendering (no query string: that renders after hydration). */
export async function render(path: string): Promise<string> {
  const key = pageKeyAt(path);
  const module = await loadPage(key);
  return renderToString(
    <Router parser={exactPath} ssrPath={path} ssrSearch="">
      <App pages={{ [key]: module.default }} />
    </Router>,
  );
}
