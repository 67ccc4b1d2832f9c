/**
 * Requests held by the test until a path's step answers them: the invoked actor's
 * `xstate.done.actor.*` lets the request through (or fulfils it), `xstate.error.actor.*` answers
 * with a failure. Holding is what lets the page sit in a busy state long enough to be checked.
 */
import { expect, type Page, type Request, type Route } from '@playwright/test';

export interface Held {
  /** Requests waiting for an answer, oldest first. */
  pending: () => readonly Route[];
  /** Waits for the oldest held request and hands it to `answer`. */
  answer: (answer: (route: Route) => Promise<void>) => Promise<Request>;
  /** How many requests were held so far. */
  count: () => number;
}

export async function holdRequests(
  page: Page,
  url: string | RegExp | ((url: URL) => boolean),
  which: (request: Request) => boolean = () => true,
): Promise<Held> {
  const queue: Route[] = [];
  let total = 0;
  await page.route(url, async (route) => {
    if (!which(route.request())) {
      await route.fallback();
      return;
    }
    total += 1;
    queue.push(route);
  });
  return {
    pending: () => queue,
    count: () => total,
    async answer(answer) {
      await expect
        .poll(() => queue.length, { message: `a held request to ${String(url)}` })
        .toBeGreaterThan(0);
      const route = queue.shift() as Route;
      await answer(route);
      return route.request();
    },
  };
}

export const letThrough = (route: Route) => route.fallback();
export const serviceUnavailable = (route: Route) =>
  route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' });

/** The hosts of the local server (the site and its API). */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

/**
 * Navigations and requests to other hosts (the registration, admin and demo hosts a page sends
 * the visitor to): a document gets 204 No Content, which keeps the page where it is, so the test
 * goes on checking it; anything else is refused. Routes a test adds later take precedence.
 */
export async function stayOnExits(page: Page): Promise<string[]> {
  const exits: string[] = [];
  await page.context().route(
    (url) => !LOCAL_HOSTS.has(url.hostname) && url.protocol !== 'data:',
    async (route) => {
      if (route.request().resourceType() === 'document') {
        exits.push(route.request().url());
        await route.fulfill({ status: 204 });
      } else await route.abort();
    },
  );
  page.on('popup', (popup) => void popup.close());
  return exits;
}
