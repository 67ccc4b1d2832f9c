import { readFileSync } from 'node:fs';
import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { codeSha256 } from '../../../scripts/mutation-summary';

/**
 * The mutation summary keys each file by its code, not its bytes: what a run found stays true
 * through a reformatting or a comment, and is stale as soon as a value or a rule changes.
 */
const BANNER = 'src/flows/referral-banner/referral-banner.machine.ts';
const WIZARD = 'src/flows/registration/lead-wizard.machine.ts';

describe('the code a mutation run is keyed by', () => {
  it.each([BANNER, WIZARD])(
    'stays the same when %s is reformatted another way, commented, or its quotes and trailing commas change',
    async (file) => {
      const source = readFileSync(file, 'utf8');
      const reformatted = await format(source, {
        filepath: file,
        printWidth: 60,
        singleQuote: false,
        trailingComma: 'none',
        semi: false,
        tabWidth: 4,
      });
      expect(reformatted).not.toBe(source);
      expect(codeSha256(reformatted)).toBe(codeSha256(source));
      const commented = `// Una nota para quien lo lea.\n${source.replace('setup({', '/* lo que usa */ setup({')}`;
      expect(codeSha256(commented)).toBe(codeSha256(source));
    },
  );

  it('changes with a value, a guard or an event a visitor could notice', () => {
    const source =
      'export const delays = { hide: 12000 };\nconst ok = (n: number) => n > 0 && go("banner.apply");\n';
    const base = codeSha256(source);
    expect(codeSha256(source.replace('12000', '8000'))).not.toBe(base);
    expect(codeSha256(source.replace('n > 0', 'n >= 0'))).not.toBe(base);
    expect(codeSha256(source.replace('"banner.apply"', "'banner.close'"))).not.toBe(base);
    expect(codeSha256(source.replace('"banner.apply"', "'banner.apply'"))).toBe(base);
  });
});
