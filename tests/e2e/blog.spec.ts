import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { BLOG_POSTS } from '../../src/content/blog/posts';
import { NO_MORE_POSTS_FADE_MS } from '../../src/domain/constants';

/**
 * The blog (spec sections 2, 4 and 8): the index's filter menu and show-more grid with the fading
 * 'No more posts to show', and the four posts with title, intro, tags, image, today's date in
 * Spanish long form, an article body and the newsletter form.
 */

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 360, height: 740 };
const TODAY = new Date('2026-03-02T15:00:00Z');
const TODAY_TEXT = '2 de marzo de 2026';
const title = (slug: string) => BLOG_POSTS.find((p) => p.slug === slug)?.title ?? slug;

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

const grid = (page: Page) => page.getByRole('region', { name: 'Artículos' });
const postTitles = (page: Page) => grid(page).getByRole('heading', { level: 2 });
const filter = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Filtrar artículos por categoría' })
    .getByRole('button', { name, exact: true });
const showMore = (page: Page) => page.getByRole('link', { name: 'Ver más artículos' });
const noMore = (page: Page) => page.getByText('No more posts to show');

test.describe('blog index', () => {
  test('the filter menu marks the active category and filters the grid', async ({ page }) => {
    await open(page, '/blog');
    const names = await page
      .getByRole('list', { name: 'Filtrar artículos por categoría' })
      .getByRole('button')
      .allTextContents();
    expect(names).toEqual(['Todos', 'WhatsApp', 'Ventas', 'Instagram']);
    await expect(filter(page, 'Todos')).toHaveAttribute('aria-pressed', 'true');
    await expect(postTitles(page)).toHaveText([
      title('configuracion-whatsapp-business'),
      title('estrategias-efectivas-para-aumentar-ventas'),
    ]);

    await filter(page, 'Instagram').click();
    await expect(filter(page, 'Instagram')).toHaveAttribute('aria-pressed', 'true');
    await expect(filter(page, 'Todos')).toHaveAttribute('aria-pressed', 'false');
    await expect(postTitles(page)).toHaveText([
      title('publicar-historias-en-instagram'),
      title('promocionar-negocio-en-instagram'),
    ]);
    // Everything of the category fits: no button and no message.
    await expect(showMore(page)).toHaveCount(0);
    await expect(noMore(page)).toHaveCount(0);

    await filter(page, 'Ventas').click();
    await expect(postTitles(page)).toHaveText([title('estrategias-efectivas-para-aumentar-ventas')]);
    await expect(filter(page, 'Instagram')).toHaveAttribute('aria-pressed', 'false');

    await filter(page, 'Todos').click();
    await expect(postTitles(page)).toHaveCount(2);
    await expect(showMore(page)).toBeVisible();
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`'Ver más artículos' loads the rest, then 'No more posts to show' fades after 3 s (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.clock.install({ time: TODAY });
      await page.clock.pauseAt(new Date(TODAY.getTime() + 1000));
      await open(page, '/blog');
      await expect(postTitles(page)).toHaveCount(2);
      await expect(noMore(page)).toBeHidden();

      await showMore(page).click();
      await expect(postTitles(page)).toHaveText(BLOG_POSTS.map((p) => p.title));
      await expect(showMore(page)).toHaveCount(0);
      // The focus moves to the first post the button revealed.
      await expect(grid(page).getByRole('link', { name: BLOG_POSTS[2]?.title })).toBeFocused();
      await expect(noMore(page)).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'No more posts to show' })).toHaveCount(1);

      await page.clock.runFor(NO_MORE_POSTS_FADE_MS - 1);
      await expect(noMore(page)).toBeVisible();
      await page.clock.runFor(1);
      // A CSS transition (0.45 s) fades it out.
      await expect(noMore(page)).toHaveCSS('opacity', '0');
      await expect(noMore(page)).toBeHidden();
      await expect(showMore(page)).toHaveCount(0);
      await expect(postTitles(page)).toHaveCount(4);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test('each card shows title, intro, tags, image and today’s date in Spanish long form', async ({
    page,
  }) => {
    await page.clock.install({ time: TODAY });
    await open(page, '/blog');
    await showMore(page).click();
    for (const post of BLOG_POSTS) {
      const card = grid(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: post.title }) });
      await expect(card.getByRole('link', { name: post.title })).toHaveAttribute(
        'href',
        `/blog/${post.slug}`,
      );
      await expect(card).toContainText(post.intro);
      await expect(card.getByRole('list', { name: 'Etiquetas' }).getByRole('listitem')).toHaveText([
        ...post.tags,
      ]);
      // Drawn inline in the post's colour, as decoration (the card's title names the post).
      const illustration = card.locator('svg.post-card-image');
      await expect(illustration).toHaveAttribute('aria-hidden', 'true');
      await expect(illustration.locator('circle')).toHaveAttribute('fill', post.image.accent);
      await expect(card.locator('time')).toHaveText(TODAY_TEXT);
      await expect(card.locator('time')).toHaveAttribute('datetime', '2026-03-02');
    }
  });

  test('without JavaScript every post is reached by plain links from /blog, two at a time', async ({
    browser,
    hygiene,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await hygiene.watch(context);
    const page = await context.newPage();
    await page.goto('/blog');
    const reached: string[] = [];
    const listPages: string[] = [];
    for (;;) {
      listPages.push(new URL(page.url()).pathname);
      const links = grid(page).getByRole('heading', { level: 2 }).getByRole('link');
      await expect(links).toHaveCount(2);
      for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
        reached.push(href);
      }
      if ((await showMore(page).count()) === 0) break;
      await showMore(page).click();
    }
    expect(listPages).toEqual(['/blog', '/blog/pagina/2']);
    expect(reached).toEqual(BLOG_POSTS.map((p) => `/blog/${p.slug}`));
    // Each later page leads back to the newer posts.
    await expect(page.getByRole('link', { name: '← Artículos más recientes' })).toHaveAttribute(
      'href',
      '/blog',
    );
    await context.close();
  });

  test('/blog/pagina/2 hydrates with the older posts, and its title says which page it is', async ({
    page,
  }) => {
    await open(page, '/blog/pagina/2');
    await expect(page).toHaveTitle('Blog, página 2 | Ideas para vender más online');
    await expect(page.getByText('Página 2 de 2')).toBeVisible();
    await expect(postTitles(page)).toHaveText(BLOG_POSTS.slice(2).map((p) => p.title));
    await expect(showMore(page)).toHaveCount(0);
  });

  test('the prerendered page already lists the first posts and hydrates without warnings', async ({
    page,
  }) => {
    const response = await page.request.get('/blog');
    const html = await response.text();
    expect(html).toContain(BLOG_POSTS[0]?.title);
    expect(html).toContain('Ver más artículos');
    expect(html).toContain('Tu correo electrónico');
    await open(page, '/blog');
  });
});

test.describe('blog posts', () => {
  for (const post of BLOG_POSTS) {
    test(`/blog/${post.slug} shows the post, its article and the newsletter form`, async ({ page }) => {
      await page.clock.install({ time: TODAY });
      await open(page, `/blog/${post.slug}`);
      const article = page.getByRole('article');
      await expect(article.getByRole('heading', { level: 1 })).toHaveText(post.title);
      await expect(article).toContainText(post.intro);
      await expect(article.getByRole('list', { name: 'Etiquetas' }).getByRole('listitem')).toHaveText([
        ...post.tags,
      ]);
      await expect(article.getByRole('img', { name: post.image.alt })).toBeVisible();
      await expect(article.locator('time')).toHaveText(TODAY_TEXT);
      expect(await article.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(6);
      // Text content, not innerText: the browser leaves sections below the first screen undrawn
      // (content-visibility) until the reader nears them, and innerText only counts drawn text.
      const words = (await article.locator('section').allTextContents())
        .join(' ')
        .split(/\s+/)
        .filter(Boolean);
      expect(words.length).toBeGreaterThanOrEqual(600);
      await expect(article.getByRole('textbox', { name: 'Tu correo electrónico' })).toBeVisible();
      await expect(article.getByRole('button', { name: 'Suscribirme' })).toBeVisible();
    });
  }

  test("each post links every other post under 'Más artículos', in the prerendered HTML", async ({
    request,
  }) => {
    for (const post of BLOG_POSTS) {
      const html = await (await request.get(`/blog/${post.slug}`)).text();
      const more = /<nav class="more-posts"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
      expect(more, post.slug).toContain('Más artículos');
      const links = [...more.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      expect(links, post.slug).toEqual(BLOG_POSTS.filter((p) => p !== post).map((p) => `/blog/${p.slug}`));
    }
  });

  test('a post reads well on a 360 px phone', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await open(page, '/blog/configuracion-whatsapp-business');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await page.getByRole('button', { name: 'Suscribirme' }).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  });
});

test('a post loads the newsletter code only when the visitor nears the form', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/blog/configuracion-whatsapp-business');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const newsletterCode = () => scripts.filter((path) => /\/assets\/newsletter-form-[\w-]+\.js$/.test(path));
  expect(newsletterCode()).toEqual([]);
  const form = page.getByRole('region', { name: 'Recibe ideas para vender más' });
  await form.scrollIntoViewIfNeeded();
  await expect.poll(() => newsletterCode().length).toBe(1);
});
