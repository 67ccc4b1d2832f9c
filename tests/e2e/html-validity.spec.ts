import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { FileSystemConfigLoader, HtmlValidate, type Message } from 'html-validate';
import type { APIResponse } from '@playwright/test';
import { expect, test } from './support/test';
import { errorPage, type RefusedRequest } from '../../server/errors';

/**
 * Every page the site sends is valid HTML: each prerendered route as the server sends it (aliases
 * included), the not-found page, and the pages the server writes itself (a malformed address, a
 * request it could not read, the newsletter's answer to a form posted without scripts). Checked by
 * html-validate with `.htmlvalidate.json` (its recommended preset); `npx html-validate dist/client`
 * gives the same answer for the built files.
 */

// One worker, in order: the printed results read as one list.
test.describe.configure({ mode: 'default' });

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'dist/client');

/**
 * Why each rule the config changes from the recommended preset is changed: the pages' markup is
 * React's (renderToString) and the prerender's; both write valid HTML, each in its own style.
 */
const DELIBERATE_CHOICES: Readonly<Record<string, string>> = {
  'void-style': 'React closes void elements (<meta/>), the prerender does not: both valid, and fewer bytes.',
  'attribute-boolean-style': 'React writes disabled="", the prerender a bare disabled: both valid.',
  'attr-case': 'React writes some attributes in camelCase (hrefLang, maxLength); HTML ignores case.',
  'attribute-empty-style': 'React writes hidden="": the empty value, the same thing as the bare name.',
  'doctype-style': '<!doctype html> in lowercase, as the page template and the server write it.',
  'valid-id': "React's useId ids (_R_5k_) are valid HTML ids; only the relaxed rule knows it.",
};

const validator = new HtmlValidate(new FileSystemConfigLoader());

/** Validates one page, prints `label: ok` or `label: N problems` with each, and returns the problems. */
async function problemsOf(label: string, html: string, file: string): Promise<string[]> {
  const report = await validator.validateString(html, path.join(DIST, file));
  const messages: Message[] = report.results.flatMap((result) => result.messages);
  const problems = messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
  console.info(
    problems.length === 0
      ? `${label}: ok`
      : `${label}: ${problems.length} problems\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  return problems;
}

async function html(response: APIResponse, status: number): Promise<string> {
  expect(response.status(), response.url()).toBe(status);
  expect(response.headers()['content-type'], response.url()).toMatch(/^text\/html/);
  return response.text();
}

const routesManifest = () =>
  JSON.parse(readFileSync(path.join(DIST, 'routes-manifest.json'), 'utf8')) as {
    routes: Record<string, string>;
    notFound: string;
  };

test('the validator config turns off or changes only the rules that conflict with deliberate choices', () => {
  const config = JSON.parse(readFileSync(path.join(ROOT, '.htmlvalidate.json'), 'utf8')) as {
    extends: string[];
    rules: Record<string, unknown>;
  };
  expect(config.extends).toEqual(['html-validate:recommended']);
  expect(Object.keys(config.rules).sort()).toEqual(Object.keys(DELIBERATE_CHOICES).sort());
});

test('every prerendered page is valid HTML, as the server sends it', async ({ request }) => {
  const { routes, notFound } = routesManifest();
  // Every HTML file of the build is a route's or the not-found page: none escapes the check.
  const files = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
  expect(files.sort()).toEqual([...new Set([...Object.values(routes), notFound])].sort());

  const invalid: string[] = [];
  for (const [route, file] of Object.entries(routes)) {
    const problems = await problemsOf(route, await html(await request.get(route), 200), file);
    if (problems.length > 0) invalid.push(route);
  }
  const missing = '/no-existe/para-nada';
  if ((await problemsOf(`${missing} (404)`, await html(await request.get(missing), 404), notFound)).length)
    invalid.push(missing);
  expect(invalid).toEqual([]);
});

test("the server's own pages are valid HTML: a malformed address, an unreadable request, the newsletter without scripts", async ({
  request,
}) => {
  const pages: [string, string][] = [
    ['/%E0%A4%A (400)', await html(await request.get('/%E0%A4%A'), 400)],
    [
      '/ with headers over 16 KB (431)',
      await html(await request.get('/', { headers: { 'x-relleno': 'x'.repeat(20 * 1024) } }), 431),
    ],
    ...(['timeout', 'request'] as RefusedRequest[]).map((refused): [string, string] => [
      `raw ${refused} page`,
      errorPage(refused),
    ]),
  ];
  // A browser posting the form itself asks for HTML: the answer is a page, for a success and an error.
  const post = (email: string) =>
    request.post('/api/newsletter/', {
      headers: { accept: 'text/html', referer: '/blog' },
      form: { email },
    });
  pages.push(['/api/newsletter/ form, subscribed', await html(await post('html-valido@example.com'), 200)]);
  pages.push(['/api/newsletter/ form, refused', await html(await post('no-es-un-correo'), 400)]);

  const invalid: string[] = [];
  for (const [label, page] of pages) {
    if ((await problemsOf(label, page, 'server-page.html')).length > 0) invalid.push(label);
  }
  expect(invalid).toEqual([]);
});
