// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HeroMedia } from '../../../../src/pages/home/hero';

afterEach(cleanup);

describe('HeroMedia', () => {
  it('shows the illustration alone, with no play button, when no video is configured', () => {
    const { container } = render(<HeroMedia videoUrl="" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/img/home/hero.webp');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('with a video, shows its poster as a play button and embeds the player only after a click', () => {
    const { container } = render(<HeroMedia videoUrl="https://www.youtube-nocookie.com/embed/abc123" />);
    expect(container.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Ver el video/ }));
    expect(container.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/abc123?autoplay=1&rel=0',
    );
  });
});
