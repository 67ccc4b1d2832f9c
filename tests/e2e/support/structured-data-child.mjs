/* global process */
/**
 * structured-data-testing-tool in its own process (tests/e2e/support/validate-structured-data.ts
 * starts it): the tool loads core-js 2, which adds globals to the process that imports it. Reads
 * `{ html, schemas }` as JSON on stdin and writes the tool's result as JSON on stdout.
 */
import sdtt from 'structured-data-testing-tool';
import sdttPresets from 'structured-data-testing-tool/presets.js';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { html, schemas } = JSON.parse(input);
let result;
try {
  result = await sdtt.structuredDataTest(html, { presets: [sdttPresets.Google], schemas });
} catch (error) {
  // The tool rejects when a test fails, with the whole result attached.
  result = error?.res ?? { passed: [], failed: [], warnings: [], error: String(error?.message ?? error) };
}
process.stdout.write(JSON.stringify({ failed: result.failed ?? [], error: result.error }));
