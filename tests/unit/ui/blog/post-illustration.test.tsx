// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../../../../src/content/blog/posts';
import { PostIllustration } from '../../../../src/ui/blog/post-illustration';

afterEach(cleanup);

describe('PostIllustration', () => {
  it("is an image named by the post's text alternative, in the post's colour, with no image request", () => {
    const post = BLOG_POSTS[0]!;
    const { container } = render(
      <PostIllustration className="post-image" accent={post.image.accent} label={post.image.alt} />,
    );
    const drawing = screen.getByRole('img', { name: post.image.alt });
    expect(drawing.tagName.toLowerCase()).toBe('svg');
    expect(drawing.getAttribute('viewBox')).toBe('0 0 960 480');
    expect(container.querySelector('circle')?.getAttribute('fill')).toBe(post.image.accent);
    expect(container.querySelectorAll('img, image')).toHaveLength(0);
  });

  it('is hidden from assistive technology when it only decorates a card', () => {
    const { container } = render(<PostIllustration className="post-card-image" accent="#25D366" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
