import { describe, expect, it } from 'vitest';
import { usedCss } from '../../../scripts/prune-css';

/** usedCss of a single style block. */
async function usedOne(css: string, html: string, alwaysPresent?: string[], afterPaint?: RegExp[]) {
  return (await usedCss([css], html, alwaysPresent, afterPaint))[0];
}

const page = '<body><main id="planes" class="home-pricing"><p class="plan-name a">x</p></main></body>';

describe('usedCss: the rules a prerendered page can use before its code runs', async () => {
  it('drops rules whose classes or ids the page does not have, and keeps the rest in order', async () => {
    const css = '.plan-name{color:red}.domain-note{color:blue}#planes{margin:0}#faq{margin:1px}p{margin:0}';
    expect(await usedOne(css, page)).toBe('.plan-name{color:red}#planes{margin:0}p{margin:0}');
  });

  it('keeps only the selectors of a list that can match', async () => {
    expect(await usedOne('.video-facade,.plan-name,.spinner img{display:block}', page)).toBe(
      '.plan-name{display:block}',
    );
  });

  it('counts the classes the head script sets on <html> as present', async () => {
    const css = ':root.has-referral .plan-name{min-height:3em}.to-anchor .plan-name{x:y}';
    expect(await usedOne(css, page)).toBe('');
    expect(await usedOne(css, page, ['has-referral'])).toBe(':root.has-referral .plan-name{min-height:3em}');
  });

  it('requires nothing of what :not() encloses, and only one of what :is() lists', async () => {
    const css =
      ':root:not(.to-anchor) .plan-name{a:b}body:has(.not-loaded) .menu{c:d}:is(.gone,.plan-name) p{e:f}';
    expect(await usedOne(css, page)).toBe(':root:not(.to-anchor) .plan-name{a:b}:is(.plan-name) p{e:f}');
  });

  it('keeps the rules of a control held before the page hydrates, which the head script marks', async () => {
    const css = '.plan-name[data-held]{cursor:progress}[href="#x.y"]{g:h}';
    expect(await usedOne(css, page)).toBe('.plan-name[data-held]{cursor:progress}');
  });

  it('prunes inside @media and drops an emptied one; keeps font faces whole', async () => {
    const css =
      '@media (min-width:1024px){.plan-name{a:b}.spinner{c:d}}@media print{.spinner{e:f}}@font-face{font-family:x}';
    expect(await usedOne(css, page)).toBe(
      '@media (min-width:1024px){.plan-name{a:b}}@font-face{font-family:x}',
    );
  });

  it('keeps the custom properties and keyframes a kept rule uses, and leaves the rest to the whole file', async () => {
    const css =
      ':root{--green:#0b6e4f;--dark:var(--ink);--ink:#111;--unused:1px}' +
      '.plan-name{color:var(--green);border-color:var(--dark);animation:pulse 1s}.spinner{animation:spin 1s}' +
      '@keyframes pulse{to{opacity:.5}}@keyframes spin{to{transform:rotate(1turn)}}';
    const used = await usedOne(css, page);
    expect(used).toContain('--green:#0b6e4f');
    // A property that a used one reads stays with it.
    expect(used).toContain('--dark:var(--ink)');
    expect(used).toContain('--ink:#111');
    expect(used).not.toContain('--unused');
    expect(used).toContain('@keyframes pulse');
    expect(used).not.toContain('@keyframes spin');
  });

  it('leaves the rules of an after-paint class to the whole file, even where the page uses it', async () => {
    const flags = '<span class="flag flag-AR"></span>';
    const css = '.flag{width:24px}.flag-AR{background:blue}.flag-AR,.plan-name{color:red}';
    expect(await usedOne(css, flags + page, [], [/^flag-[A-Z]{2}$/])).toBe(
      '.flag{width:24px}.plan-name{color:red}',
    );
    expect(await usedOne(css, flags + page)).toBe(css);
  });

  it("judges the custom properties across a page's blocks: the site's sheet defines what a page's sheet uses", async () => {
    const site = ':root{--accent:#f2a541;--text-lg:1.1rem;--unused:0}p{margin:0}';
    const home = '.plan-name{background:var(--accent);font-size:var(--text-lg)}.gone{color:var(--unused)}';
    expect(await usedCss([site, home], page)).toEqual([
      ':root{--accent:#f2a541;--text-lg:1.1rem}p{margin:0}',
      '.plan-name{background:var(--accent);font-size:var(--text-lg)}',
    ]);
  });

  it('is not fooled by braces and commas in strings', async () => {
    const css = '.plan-name:before{content:"{,}"}.gone:after{content:"}"}.a{b:c}';
    expect(await usedOne(css, page)).toBe('.plan-name:before{content:"{,}"}.a{b:c}');
  });
});
