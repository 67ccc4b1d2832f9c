import { Component, useEffect, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { APP_ERROR_COPY as ERROR_COPY } from './content/errors';
import { PAGES, pageByKey, type PageKey } from './content/pages';
import { replayEarlyPressesSoon } from './boot/early-presses';
import { SiteLayout } from './ui/layout/site-layout';

export type PageComponent = ComponentType;
export type LoadedPages = Partial<Record<PageKey, PageComponent>>;

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Error de la aplicación', error, info.componentStack);
  }
  override render() {
    if (this.state.failed) {
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
    return this.props.children;
  }
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
    <ErrorBoundary>
      <Switch>
        {PAGES.flatMap((page) =>
          page.paths.map((path) => (
            <Route key={path} path={path}>
              <PageRoute pageKey={page.key} pages={pages} />
            </Route>
          )),
        )}
        <Route>
          <PageRoute pageKey="notFound" pages={pages} />
        </Route>
      </Switch>
    </ErrorBoundary>
  );
}
