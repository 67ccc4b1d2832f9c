import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import './styles.css';
import { resolvePage } from './content/pages';
import { App } from './app';
import { loadPage } from './pages/page-registry';

async function start() {
  const page = resolvePage(window.location.pathname);
  const module = await loadPage(page.key);
  const root = document.getElementById('root');
  if (!root) throw new Error('Falta el elemento #root');
  // ssrSearch="" makes query-dependent UI render after hydration, matching the static HTML.
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: a tap or a key during it is handled at once.
  startTransition(() => {
    hydrateRoot(
      root,
      <Router ssrSearch="">
        <App pages={{ [page.key]: module.default }} />
      </Router>,
    );
  });
}

void start();
