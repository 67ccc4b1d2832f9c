import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import './styles.css';
import { App, exactPath, pageKeyAt } from './app';
import { loadPage } from './pages/page-registry';
import { reloadAfterDeploy } from './services/reload-after-deploy';
import { retryOnce } from './ui/retry-import';

// Before the page's own chunk is asked for: a page whose files are gone after a deploy reloads once.
reloadAfterDeploy();

async function start() {
  const key = pageKeyAt(window.location.pathname);
  const module = await retryOnce(() => loadPage(key))();
  const root = document.getElementById('root');
  if (!root) throw new Error('Falta el elemento #root');
  // ssrSearch="" makes query-dependent UI render after hydration, matching the static HTML.
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: a tap or a key during it is handled at once.
  startTransition(() => {
    hydrateRoot(
      root,
      <Router parser={exactPath} ssrSearch="">
        <App pages={{ [key]: module.default }} />
      </Router>,
      // In the console, not as an uncaught error: a region whose code failed to download while the
      // page hydrated is one (it is then rendered anew, and its boundary shows its message).
      { onRecoverableError: (error, info) => console.error(error, info.componentStack) },
    );
  });
}

void start();
