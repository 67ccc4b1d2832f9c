import { expect, test } from './support/test';
import { openFlow } from './support/explorer';
import { expectNoHorizontalScroll } from './support/page-checks';

/**
 * The explorer on a phone (360×740): a product owner opening a shared link sees the chart first,
 * right under the flow's name and within the first screen, with the description and the controls
 * below it.
 */
test.use({ viewport: { width: 360, height: 740 } });

for (const slug of ['lead-wizard', 'payment']) {
  test(`${slug}: the chart opens on the first screen, right under the title and above the description`, async ({
    page,
  }) => {
    await openFlow(page, `#/${slug}`, { opening: true });
    const chart = page.locator('.diagram svg').first();
    const description = page.locator('.machine-head .description');
    const title = page.getByRole('heading', { level: 1 });
    const [chartBox, descriptionBox, titleBox] = await Promise.all([
      chart.boundingBox(),
      description.boundingBox(),
      title.boundingBox(),
    ]);
    expect(chartBox && descriptionBox && titleBox).toBeTruthy();
    // Title, then chart, then description.
    expect(titleBox!.y + titleBox!.height).toBeLessThanOrEqual(chartBox!.y);
    expect(chartBox!.y + chartBox!.height).toBeLessThanOrEqual(descriptionBox!.y);
    // The chart starts in the first screen and is no wider than it.
    expect(chartBox!.y).toBeLessThan(740 / 2);
    expect(chartBox!.x).toBeGreaterThanOrEqual(0);
    expect(chartBox!.x + chartBox!.width).toBeLessThanOrEqual(360);
    // The chart fills the screen's height below the title: it ends within the first screen.
    expect(chartBox!.y + chartBox!.height).toBeLessThanOrEqual(740);
    await expectNoHorizontalScroll(page, `${slug} at 360 px`);
  });
}

// axe on the phone: flujos-axe.spec.ts, every flow's page at 360 px.
