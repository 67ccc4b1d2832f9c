import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { BLOG_PAGE_SIZE } from '../../src/domain/constants';
import { blogGridMachine, visiblePosts, type BlogGridInput } from '../../src/machines/blog-grid.machine';
import { Coverage, expectFullCoverage, report, runModel, type ModelRunResult } from './support/model-harness';

// The site's four posts by category, and a longer list where a category needs two pages.
const inputs: BlogGridInput[] = [
  {
    posts: [
      { slug: 'w', category: 'WhatsApp' },
      { slug: 'v', category: 'Ventas' },
      { slug: 'h', category: 'Instagram' },
      { slug: 'p', category: 'Instagram' },
    ],
  },
  {
    posts: [
      { slug: 'a', category: 'Instagram' },
      { slug: 'b', category: 'Ventas' },
      { slug: 'c', category: 'Instagram' },
      { slug: 'd', category: 'Instagram' },
      { slug: 'e', category: 'Ventas' },
    ],
  },
];

const events: EventObject[] = [
  { type: 'posts.more' },
  ...[null, 'Instagram', 'Ventas', 'Cocina'].map((category) => ({ type: 'category.select', category })),
];

describe('blog grid machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it.each(inputs)('runs every path for input %#', async (input) => {
    results.push(
      await runModel(
        {
          name: 'blog-grid',
          machine: blogGridMachine,
          input,
          events: () => events,
          check: ({ real, before, event }) => {
            const { category } = real.context;
            const all = input.posts.filter((p) => category === null || p.category === category);
            const shown = visiblePosts(real.context);
            // Written from the input: the first pages of the active category, in order.
            expect(shown).toEqual(all.slice(0, shown.length));
            expect(shown.length % BLOG_PAGE_SIZE === 0 || shown.length === all.length).toBe(true);
            // The button shows exactly while posts remain hidden.
            expect(real.can({ type: 'posts.more' })).toBe(shown.length < all.length);
            // The message only once the last posts were revealed (an ignored event leaves it).
            if (real.hasTag('noMorePosts')) {
              expect(event.type === 'posts.more' || before?.hasTag('noMorePosts')).toBe(true);
              expect(shown.length).toBe(all.length);
            }
            if (event.type === 'category.select' && before) {
              const asked = (event as EventObject & { category: string | null }).category;
              const changed = asked !== before.context.category && (asked === null || asked !== 'Cocina');
              expect(category).toBe(changed ? asked : before.context.category);
              if (changed) expect(shown.length).toBe(Math.min(all.length, BLOG_PAGE_SIZE));
            }
          },
        },
        coverage,
      ),
    );
  });

  it('reaches every state and transition', () => {
    report('blog-grid', results, blogGridMachine);
    expectFullCoverage(blogGridMachine, coverage);
  });
});
