import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { resolvePage } from './content/pages';
import { App } from './views/app';
import { loadPage } from './views/page-registry';

export { pageHead } from './content/page-head';
export { PAGES, canonicalPath, resolvePage } from './content/pages';
export { config } from './config';
export { pageModule } from './views/page-registry';
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
