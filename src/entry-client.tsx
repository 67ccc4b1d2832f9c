import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import './styles.css';
import { App, exactPath, pageKeyAt } from './app';
import { loadPage } from './pages/page-registry';
import { whenLoadedAndIdle } from './services/page-clock';
import { reloadAfterDeploy } from './services/reload-after-deploy';
import { allowsVisitCounts, stopRecordingFlows } from './ui/flow-recording';
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

/** The longest the recorder waits for an idle moment after the page's load. */
const RECORDER_IDLE_TIMEOUT_MS = 5000;

/**
 * The recorder of real visits (issue #40) loads once the page has loaded and the browser is idle:
 * never before the first paint and hydration, never in the way of a tap. Until then the flows'
 * steps wait in memory (./ui/flow-recording.ts); with Global Privacy Control or Do Not Track it
 * never loads and they are dropped.
 */
function startRecorderWhenIdle() {
  if (!allowsVisitCounts()) {
    stopRecordingFlows();
    return;
  }
  whenLoadedAndIdle(
    () =>
      void import('./ui/flow-recorder').then(
        (recorder) => recorder.startFlowRecorder(),
        // A recorder that could not download costs this page's counts, nothing the visitor sees.
        () => stopRecordingFlows(),
      ),
    RECORDER_IDLE_TIMEOUT_MS,
  );
}

void start().then(startRecorderWhenIdle, startRecorderWhenIdle);
