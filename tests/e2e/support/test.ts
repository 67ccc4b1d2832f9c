/**
 * The `test` and `expect` of every e2e spec. Each test fails, after its body, on:
 * - a console error or warning that no declared pattern expects;
 * - an uncaught page error;
 * - a request to the site's own origin that failed, or answered 4xx/5xx, unless declared;
 * - a request to a non-loopback host that no `page.route`/`context.route` of the test handled
 *   (a catch-all context route records and aborts it: nothing leaves the machine).
 *
 * Declare what a test expects with `test.use({ expectedConsole, expectedRequestFailures })` or,
 * inside a test, `hygiene.expectConsole(...)` / `hygiene.expectRequestFailure(...)`. A string
 * matches as a substring, a RegExp with `test`. Console patterns match the message text, request
 * patterns the URL. `hygiene.messages` holds every console message seen (expected ones too), for
 * tests that assert a log was written.
 */
import { test as base, expect, type BrowserContext, type ConsoleMessage } from '@playwright/test';

export type Pattern = string | RegExp;

export interface Hygiene {
  /** Every console error and warning seen so far, as `<type>: <text>`. */
  readonly messages: readonly string[];
  expectConsole(...patterns: Pattern[]): void;
  expectRequestFailure(...patterns: Pattern[]): void;
  /** Applies the same checks to a context the test created itself (`browser.newContext()`). */
  watch(context: BrowserContext): Promise<void>;
}

interface HygieneOptions {
  expectedConsole: Pattern[];
  expectedRequestFailures: Pattern[];
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
// Chromium cancels in-flight requests of a page that navigates away or closes; not a failure.
const CANCELLED = 'net::ERR_ABORTED';
const RESOURCE_FAILURE = /^Failed to load resource/;

const matches = (patterns: readonly Pattern[], value: string) =>
  patterns.some((p) => (typeof p === 'string' ? value.includes(p) : p.test(value)));

const isLoopback = (url: URL) => url.protocol.startsWith('http') && LOOPBACK_HOSTS.has(url.hostname);
const isRemote = (url: URL) => (url.protocol === 'http:' || url.protocol === 'https:') && !isLoopback(url);

export const test = base.extend<HygieneOptions & { hygiene: Hygiene }>({
  expectedConsole: [[], { option: true }],
  expectedRequestFailures: [[], { option: true }],
  hygiene: [
    async ({ context, baseURL, expectedConsole, expectedRequestFailures }, use) => {
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const consolePatterns = [...expectedConsole];
      const requestPatterns = [...expectedRequestFailures];
      const messages: string[] = [];
      const problems: string[] = [];
      const blocked = new Set<string>();

      const onConsole = (msg: ConsoleMessage) => {
        const type = msg.type();
        if (type !== 'error' && type !== 'warning') return;
        const text = msg.text();
        messages.push(`${type}: ${text}`);
        if (matches(consolePatterns, text)) return;
        if (RESOURCE_FAILURE.test(text)) {
          // Judged by the request checks below, by URL, when it names one.
          const url = msg.location().url;
          if (url) {
            if (url.startsWith(`${origin}/`) || blocked.has(url) || matches(requestPatterns, url)) return;
            problems.push(`unexpected console ${type}: ${text} (${url})`);
            return;
          }
        }
        problems.push(`unexpected console ${type}: ${text}`);
      };

      const watch = async (ctx: BrowserContext) => {
        ctx.on('console', onConsole);
        ctx.on('weberror', (e) => problems.push(`uncaught page error: ${e.error().message}`));
        ctx.on('requestfailed', (request) => {
          const url = request.url();
          const error = request.failure()?.errorText ?? '';
          if (!url.startsWith(`${origin}/`) || error === CANCELLED || matches(requestPatterns, url)) return;
          problems.push(`request failed: ${request.method()} ${url} (${error})`);
        });
        ctx.on('response', (response) => {
          const url = response.url();
          if (response.status() < 400 || !url.startsWith(`${origin}/`) || matches(requestPatterns, url))
            return;
          problems.push(`HTTP ${response.status()}: ${response.request().method()} ${url}`);
        });
        // Registered first, so every route a test adds later (on the page or the context) wins.
        await ctx.route(isRemote, (route) => {
          const url = route.request().url();
          blocked.add(url);
          problems.push(`request left the machine (no stub): ${route.request().method()} ${url}`);
          return route.abort('blockedbyclient');
        });
      };

      await watch(context);
      await use({
        messages,
        expectConsole: (...patterns) => consolePatterns.push(...patterns),
        expectRequestFailure: (...patterns) => requestPatterns.push(...patterns),
        watch,
      });
      expect(problems, 'console and network hygiene (see tests/e2e/support/test.ts)').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
