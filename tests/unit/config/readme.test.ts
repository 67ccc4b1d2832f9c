import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { SERVER_SETTINGS } from '../../../server/config';
import { SITE_SETTINGS } from '../../../src/config/load';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const README = path.join(ROOT, 'README.md');

const code = (text: string | undefined) => (text ? `\`${text}\`` : '(none)');

/** A Markdown table as Prettier writes it (the README is formatted by Prettier). */
async function markdownTable(header: string[], rows: string[][]): Promise<string> {
  const markdown = [header, header.map(() => '---'), ...rows]
    .map((row) => `| ${row.join(' | ')} |`)
    .join('\n');
  return prettier.format(markdown, { ...(await prettier.resolveConfig(README)), parser: 'markdown' });
}

/** The table right below `marker` (a line of its own) in the README. */
function tableAfter(readme: string, marker: string): string | undefined {
  const lines = readme.split('\n');
  const at = lines.indexOf(marker);
  const start = lines.findIndex((line, i) => i > at && line.trim() !== '');
  if (at < 0 || !lines[start]?.startsWith('|')) return undefined;
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  return `${lines.slice(start, end < 0 ? undefined : end).join('\n')}\n`;
}

/** The tables the schemas give, each under the line that names its schema. */
const TABLES = {
  '<!-- server/config.ts SERVER_SETTINGS -->': () =>
    markdownTable(
      ['variable', 'default', 'meaning'],
      Object.entries(SERVER_SETTINGS).map(([name, s]) => [code(name), code(s.default), s.description]),
    ),
  '<!-- src/config/load.ts SITE_SETTINGS -->': () =>
    markdownTable(
      ['variable', 'default', 'meaning', 'production build'],
      Object.values(SITE_SETTINGS).map((s) => [
        code(s.env),
        code(s.default),
        s.description,
        s.placeholder ? 'refuses an example' : 'accepts the default',
      ]),
    ),
};

describe("the README's configuration tables", () => {
  const readme = readFileSync(README, 'utf8');

  for (const [marker, expected] of Object.entries(TABLES)) {
    it(`are the schema's: ${marker}`, async () => {
      const table = await expected();
      expect(tableAfter(readme, marker), `README.md, below ${marker}, should read:\n\n${table}`).toBe(table);
    });
  }
});

describe('docs/deployment.md', () => {
  it('names every setting of both schemas', () => {
    const deployment = readFileSync(path.join(ROOT, 'docs/deployment.md'), 'utf8');
    const names = [...Object.keys(SERVER_SETTINGS), ...Object.values(SITE_SETTINGS).map((s) => s.env)];
    expect(names.filter((name) => !deployment.includes(`\`${name}\``))).toEqual([]);
  });
});
