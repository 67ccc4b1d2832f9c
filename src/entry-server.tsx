import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { config } from './config';
import { sitePlaceholders } from './config/placeholders';
import { TESTIMONIALS_ARE_REAL } from './content/home/testimonials';
import { resolvePage } from './content/pages';
import { App } from './app';
import { loadPage } from './pages/page-registry';

export { pageHead } from './content/page-head';
export { PAGES, canonicalPath, resolvePage } from './content/pages';
export { config } from './config';

/** The settings still at their embedded example values: the server names them when it starts. */
export const placeholders = sitePlaceholders(config, { testimonialsAreReal: TESTIMONIALS_ARE_REAL });
export { pageModule } from './pages/page-registry';
export { seoHead } from './seo/head';
export { siteFiles } from './seo/site-files';

/** Renders one route to HTML for prerendering (no query string: that renders after hydration). */
export async function render(path: string): Promise<string> {
  const page = resolvePage(path);
  const module = await loadPage(page.key);
  return renderToString(
    <Router ssrPath={path} ssrSearch="">
      <App pages={{ [page.key]: module.default }} />
    </Router>,
  );
}
