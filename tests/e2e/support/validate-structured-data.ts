/**
 * Checks a page's JSON-LD the way search engines read it, with two maintained validators:
 * structured-data-testing-tool with its Google preset (the properties Google expects of an
 * Organization, an Article or BlogPosting...) and Adobe's structured-data-validator (Google's rich
 * result rules for Product, Offer, BreadcrumbList and the rest). schema-dts types the data where it
 * is built, so property names and value types are checked there.
 */
import Validator from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';
import sdtt, { type SdttResult } from 'structured-data-testing-tool';
import sdttPresets from 'structured-data-testing-tool/presets.js';

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
  let report: SdttResult;
  try {
    report = await sdtt.structuredDataTest(html, { presets: [sdttPresets.Google], schemas });
  } catch (error) {
    report = (error as { res?: SdttResult }).res ?? {
      passed: [],
      failed: [],
      warnings: [],
      structuredData: { jsonld: {} },
    };
    if (!(error as { res?: unknown }).res)
      problems.push(`structured-data-testing-tool: ${(error as Error).message}`);
  }
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
