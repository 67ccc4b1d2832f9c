import { useEffect, type ComponentType, type ReactNode } from 'react';
import { matchRoute, Route, Switch } from 'wouter';
import { APP_ERROR_COPY as ERROR_COPY } from './content/errors';
import { PAGES, pageByKey, type PageKey } from './content/pages';
import { replayEarlyPressesSoon } from './boot/early-presses';
import { SiteLayout } from './ui/layout/site-layout';
import { ErrorBoundary } from './ui/region-boundary';

type PageComponent = ComponentType;
export type LoadedPages = Partial<Record<PageKey, PageComponent>>;

/**
 * What a page shows when it throws while rendering (spec section 8). A lazily loaded region whose
 * code fails to download never gets here: it has its own boundary (RegionBoundary).
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary failure={appError}>{children}</ErrorBoundary>;
}

function appError() {
  return (
    <div className="container app-error" role="alert">
      <h1>{ERROR_COPY.titulo}</h1>
      <p>{ERROR_COPY.texto}</p>
      <p>
        <a className="btn" href="/">
          {ERROR_COPY.volver}
        </a>
      </p>
    </div>
  );
}

/** The route table as wouter reads it: every path of every page, aliases included. */
const ROUTES: readonly { path: string; key: PageKey }[] = PAGES.flatMap((page) =>
  page.paths.map((path) => ({ path, key: page.key })),
);

/**
 * How wouter reads a route: the exact path, as the server serves it (no case folding, no optional
 * trailing slash: the server redirects those), and `*` for the fallback route. Both entries give
 * it to their `<Router>`.
 */
export function exactPath(route: string): { pattern: RegExp; keys: string[] } {
  if (route === '*') return { pattern: /^.*$/, keys: [] };
  return { pattern: new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), keys: [] };
}

/**
 * The page wouter renders at a path, with the matcher and parser `<Switch>` below uses: the
 * entries ask it which page's code to load, so a path becomes a page in one place.
 */
export function pageKeyAt(pathname: string): PageKey {
  return ROUTES.find((route) => matchRoute(exactPath, route.path, pathname)[0])?.key ?? 'notFound';
}

function PageRoute({ pageKey, pages }: { pageKey: PageKey; pages: LoadedPages }) {
  const Page = pages[pageKey];
  const meta = pageByKey(pageKey);
  return <SiteLayout page={meta}>{Page ? <Page /> : null}</SiteLayout>;
}

/**
 * Routes of spec section 2 rendered by wouter. Only the current page's module is loaded in
 * the browser (see entry-client), so `pages` holds the components available right now.
 */
export function App({ pages }: { pages: LoadedPages }) {
  useEffect(() => {
    // Lets tests and analytics know the static page is now interactive.
    document.documentElement.dataset.hydrated = 'true';
    // Presses made before the code ran, held by the head script, now reach live controls.
    replayEarlyPressesSoon();
  }, []);
  return (
    <AppErrorBoundary>
      <Switch>
        {ROUTES.map(({ path, key }) => (
          <Route key={path} path={path}>
            <PageRoute pageKey={key} pages={pages} />
          </Route>
        ))}
        <Route>
          <PageRoute pageKey="notFound" pages={pages} />
        </Route>
      </Switch>
    </AppErrorBoundary>
  );
}
