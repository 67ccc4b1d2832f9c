/**
 * Checks a page's JSON-LD the way search engines read it, with two maintained validators:
 * structured-data-testing-tool with its Google preset (the properties Google expects of an
 * Organization, an Article or BlogPosting...) and Adobe's structured-data-validator (Google's rich
 * result rules for Product, Offer, BreadcrumbList and the rest). schema-dts types the data where it
 * is built, so property names and value types are checked there. The first runs in a child
 * process (structured-data-child.mjs): it loads core-js 2, which would add globals to this one.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Validator from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';
import type { SdttTest } from 'structured-data-testing-tool';

const CHILD = fileURLToPath(new URL('./structured-data-child.mjs', import.meta.url));

/** The tool's failed tests for `html`, or the reason it could not run. */
function runSdtt(html: string, schemas: string[]): Promise<{ failed: SdttTest[]; error?: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [CHILD], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) resolve({ failed: [], error: error.message });
      else resolve(JSON.parse(stdout) as { failed: SdttTest[]; error?: string });
    });
    child.stdin?.end(JSON.stringify({ html, schemas }));
  });
}

export interface StructuredDataReport {
  /** Every JSON-LD object of the page, in order (a script may hold a list). */
  objects: Record<string, unknown>[];
  /** Problems found, one line each; empty when the page passes both validators. */
  problems: string[];
}

export async function validateStructuredData(html: string, schemas: string[]): Promise<StructuredDataReport> {
  const problems: string[] = [];
  const objects: Record<string, unknown>[] = [];
  for (const [, text = ''] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
      objects.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    } catch (error) {
      problems.push(`JSON-LD that does not parse: ${(error as Error).message}`);
    }
  }
  const report = await runSdtt(html, schemas);
  if (report.error) problems.push(`structured-data-testing-tool: ${report.error}`);
  for (const failed of report.failed) {
    problems.push(
      `structured-data-testing-tool: ${failed.test}: ${failed.error?.message ?? failed.description ?? ''}`,
    );
  }
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(
    html,
  );
  for (const issue of await new Validator().validate(extracted)) {
    if (issue.severity === 'ERROR')
      problems.push(`structured-data-validator: ${issue.rootType ?? ''}: ${issue.issueMessage}`);
  }
  return { objects, problems };
}
