import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { BLOG_PAGE_SIZE } from '../../domain/constants';
import { blogGridMachine, visiblePosts, type BlogGridInput } from './blog-grid.machine';
import { blogGridModel } from './blog-grid.samples';
import {
  Coverage,
  expectFullCoverage,
  report,
  runModel,
  type ModelRunResult,
} from '../../../tests/model/support/model-harness';

describe('blog grid machine: model paths', () => {
  const coverage = new Coverage();
  const results: ModelRunResult[] = [];

  it.each(blogGridModel.runs)('runs every path ($label)', async (run) => {
    const input = run.input as BlogGridInput;
    results.push(
      await runModel(
        {
          ...run,
          name: 'blog-grid',
          machine: blogGridMachine,
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
