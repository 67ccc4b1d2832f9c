/**
 * elkjs in the browser, in a worker, loaded the first time a view that was not laid out when the
 * explorer was built is asked for (a state collapsed): the page itself never waits for it.
 */
import type { LayoutEngine } from './layout';

let engine: Promise<LayoutEngine> | undefined;

export function browserEngine(): Promise<LayoutEngine> {
  engine ??= (async () => {
    const [api, worker] = await Promise.all([
      import('elkjs/lib/elk-api.js'),
      import('elkjs/lib/elk-worker.min.js?url'),
    ]);
    const ELK = api.default;
    return new ELK({ workerFactory: () => new Worker(worker.default) });
  })();
  return engine;
}
