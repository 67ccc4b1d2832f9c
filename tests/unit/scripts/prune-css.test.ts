import { describe, expect, it } from 'vitest';
import { usedCss } from '../../../scripts/prune-css';

const page = '<body><main id="planes" class="home-pricing"><p class="plan-name a">x</p></main></body>';

describe('usedCss: the rules a prerendered page can use before its code runs', async () => {
  it('drops rules whose classes or ids the page does not have, and keeps the rest in order', async () => {
    const css = '.plan-name{color:red}.domain-note{color:blue}#planes{margin:0}#faq{margin:1px}p{margin:0}';
    expect(await usedCss(css, page)).toBe('.plan-name{color:red}#planes{margin:0}p{margin:0}');
  });

  it('keeps only the selectors of a list that can match', async () => {
    expect(await usedCss('.video-facade,.plan-name,.spinner img{display:block}', page)).toBe(
      '.plan-name{display:block}',
    );
  });

  it('counts the classes the head script sets on <html> as present', async () => {
    const css = ':root.has-referral .plan-name{min-height:3em}.to-anchor .plan-name{x:y}';
    expect(await usedCss(css, page)).toBe('');
    expect(await usedCss(css, page, ['has-referral'])).toBe(':root.has-referral .plan-name{min-height:3em}');
  });

  it('requires nothing of what :not() encloses, and only one of what :is() lists', async () => {
    const css =
      ':root:not(.to-anchor) .plan-name{a:b}body:has(.not-loaded) .menu{c:d}:is(.gone,.plan-name) p{e:f}';
    expect(await usedCss(css, page)).toBe(':root:not(.to-anchor) .plan-name{a:b}:is(.plan-name) p{e:f}');
  });

  it('keeps the rules of a control held before the page hydrates, which the head script marks', async () => {
    const css = '.plan-name[data-held]{cursor:progress}[href="#x.y"]{g:h}';
    expect(await usedCss(css, page)).toBe('.plan-name[data-held]{cursor:progress}');
  });

  it('prunes inside @media and drops an emptied one; keeps @keyframes and other at-rules whole', async () => {
    const css =
      '@media (min-width:1024px){.plan-name{a:b}.spinner{c:d}}@media print{.spinner{e:f}}@keyframes spin{0%{opacity:0}to{opacity:1}}@font-face{font-family:x}';
    expect(await usedCss(css, page)).toBe(
      '@media (min-width:1024px){.plan-name{a:b}}@keyframes spin{0%{opacity:0}to{opacity:1}}@font-face{font-family:x}',
    );
  });

  it('is not fooled by braces and commas in strings', async () => {
    const css = '.plan-name:before{content:"{,}"}.gone:after{content:"}"}.a{b:c}';
    expect(await usedCss(css, page)).toBe('.plan-name:before{content:"{,}"}.a{b:c}');
  });
});
