// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { HREF_AFTER_PAINT_ATTRIBUTE } from '../../../src/boot/boot-script';
import { ContentIcon } from '../../../src/ui/content-icon';

afterEach(cleanup);

describe('ContentIcon', () => {
  it('is prerendered without asking for the sprite: the boot script links it after the first paint', () => {
    const html = renderToStaticMarkup(<ContentIcon name="cart" />);
    expect(html).toMatch(new RegExp(`<use ${HREF_AFTER_PAINT_ATTRIBUTE}="[^"]+\\.svg[^"#]*#cart">`));
    expect(html).not.toMatch(/<use[^>]* href=/);
  });

  it('links the sprite itself when React draws it after hydration', () => {
    const { container } = render(<ContentIcon name="cart" />);
    const use = container.querySelector('use');
    expect(use?.getAttribute('href')).toMatch(/\.svg[^#]*#cart$/);
    expect(use?.getAttribute('href')).toBe(use?.getAttribute(HREF_AFTER_PAINT_ATTRIBUTE));
  });
});
