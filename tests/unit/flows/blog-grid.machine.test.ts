import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { NO_MORE_POSTS_FADE_MS } from '../../../src/domain/constants';
import { blogGridMachine, categoriesOf, visiblePosts } from '../../../src/flows/blog-grid/blog-grid.machine';

const POSTS = [
  { slug: 'a', category: 'WhatsApp' },
  { slug: 'b', category: 'Ventas' },
  { slug: 'c', category: 'Instagram' },
  { slug: 'd', category: 'Instagram' },
  { slug: 'e', category: 'Instagram' },
];

function start(posts = POSTS) {
  const clock = new SimulatedClock();
  const actor = createActor(blogGridMachine, { input: { posts }, clock });
  actor.start();
  const slugs = () => visiblePosts(actor.getSnapshot().context).map((p) => p.slug);
  return { actor, clock, slugs };
}

describe('blog grid machine', () => {
  it('pages through every post and ends with the message, which fades after 3000 ms', () => {
    const { actor, clock, slugs } = start();
    expect(slugs()).toEqual(['a', 'b']);
    expect(actor.getSnapshot().can({ type: 'posts.more' })).toBe(true);

    actor.send({ type: 'posts.more' });
    expect(slugs()).toEqual(['a', 'b', 'c', 'd']);
    expect(actor.getSnapshot().context.revealedFrom).toBe(2);
    expect(actor.getSnapshot().value).toBe('browsing');

    actor.send({ type: 'posts.more' });
    expect(slugs()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(actor.getSnapshot().context.revealedFrom).toBe(4);
    expect(actor.getSnapshot().can({ type: 'posts.more' })).toBe(false);
    expect(actor.getSnapshot().hasTag('noMorePosts')).toBe(true);

    clock.increment(NO_MORE_POSTS_FADE_MS - 1);
    expect(actor.getSnapshot().hasTag('noMorePosts')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toEqual({ allShown: 'faded' });
  });

  it('ends with the message when the last page is exactly full', () => {
    const { actor, slugs } = start(POSTS.slice(0, 4));
    actor.send({ type: 'posts.more' });
    expect(slugs()).toEqual(['a', 'b', 'c', 'd']);
    expect(actor.getSnapshot().hasTag('noMorePosts')).toBe(true);
  });

  it('filters by category from its first page, with no button or message when it all fits', () => {
    const { actor, slugs } = start();
    actor.send({ type: 'category.select', category: 'Ventas' });
    expect(slugs()).toEqual(['b']);
    expect(actor.getSnapshot().value).toEqual({ allShown: 'fitted' });
    expect(actor.getSnapshot().hasTag('noMorePosts')).toBe(false);

    actor.send({ type: 'category.select', category: 'Instagram' });
    expect(slugs()).toEqual(['c', 'd']);
    actor.send({ type: 'posts.more' });
    expect(slugs()).toEqual(['c', 'd', 'e']);

    actor.send({ type: 'category.select', category: null });
    expect(slugs()).toEqual(['a', 'b']);
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(actor.getSnapshot().context.revealedFrom).toBeNull();
  });

  it('ignores unknown categories and the active one', () => {
    const { actor } = start();
    actor.send({ type: 'posts.more' });
    const before = actor.getSnapshot().context;
    for (const category of [null, 'Cocina', '', 42 as unknown as string]) {
      actor.send({ type: 'category.select', category });
    }
    expect(actor.getSnapshot().context).toEqual(before);
  });

  it('lists the categories in order of first appearance', () => {
    expect(categoriesOf(POSTS)).toEqual(['WhatsApp', 'Ventas', 'Instagram']);
  });

  it('starts with every post shown when there are no more than a page', () => {
    const { actor, slugs } = start(POSTS.slice(0, 1));
    expect(slugs()).toEqual(['a']);
    expect(actor.getSnapshot().value).toEqual({ allShown: 'fitted' });
  });
});
