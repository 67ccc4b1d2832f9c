import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { validateStructuredData } from './support/validate-structured-data';
import { loadConfig } from '../../src/config/load';
import { BLOG_POSTS } from '../../src/content/blog/posts';
import { FAQ, faqFor } from '../../src/content/home/faq';
import { WHITE_LABEL_COPY } from '../../src/content/white-label';
import { PAGES, canonicalPath } from '../../src/content/pages';

/**
 * What search engines, feed readers and phones read (issue 31): the sitemap and robots.txt, the
 * pages' JSON-LD, the posts as articles with their feed, and the brand's icons.
 */

/** The site URL the build used: the same environment runs the build and the tests. */
const SITE_URL = loadConfig(process.env).siteUrl;
const INDEXABLE = PAGES.filter((page) => !page.noindex && page.paths.length > 0);
const TRANSACTIONAL = PAGES.filter((page) => page.noindex && page.paths.length > 0);

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');

test.describe('sitemap and robots.txt', () => {
  test('the sitemap lists every indexable route once, canonical and absolute, and each answers 200 with that canonical', async ({
    request,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const urls = locs(await response.text());
    expect(urls).toEqual(INDEXABLE.map((page) => `${SITE_URL}${canonicalPath(page)}`));
    for (const url of urls) {
      const path = url.slice(SITE_URL.length) || '/';
      const page = await request.get(path);
      expect(page.status(), path).toBe(200);
      expect(await page.text(), path).toContain(`<link rel="canonical" href="${url}">`);
    }
    // No alias (/gastronomicos, /registro.html...) and no transactional page.
    for (const page of PAGES) {
      for (const alias of page.paths.slice(1)) expect(urls).not.toContain(`${SITE_URL}${alias}`);
    }
    for (const page of TRANSACTIONAL) expect(urls).not.toContain(`${SITE_URL}${canonicalPath(page)}`);
  });

  test('robots.txt names the sitemap, keeps crawlers out of the flow explorer and the API only, and lets them read each noindex page', async ({
    request,
  }) => {
    const robots = await (await request.get('/robots.txt')).text();
    const lines = robots.split('\n');
    expect(lines).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    // Each rule ends in a slash, so no rule of a prefix (/test) matches another path (/testimonios).
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toEqual([
      'Disallow: /flujos/',
      'Disallow: /api/',
    ]);
    // A crawler kept out of a noindex page would never read its noindex: each says so itself.
    for (const page of TRANSACTIONAL) {
      for (const path of page.paths) {
        const html = await (await request.get(path)).text();
        expect(html, path).toMatch(/<meta name="robots" content="noindex[^"]*">/);
      }
    }
  });
});

async function hydratedHtml(page: Page, path: string): Promise<string> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return page.content();
}

const typesOf = (objects: Record<string, unknown>[]) => objects.map((o) => o['@type']);

/** The home page's FAQ once its code runs (it loads when the visitor nears it) and shows `questions`. */
async function homeFaq(page: Page, path: string, questions: readonly string[]) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const faq = page.locator('#faq');
  await faq.scrollIntoViewIfNeeded();
  const script = faq.locator('script[type="application/ld+json"]');
  await expect(script).toHaveCount(1);
  // The country is learnt after hydration: the questions follow it.
  await expect(faq.locator('.accordion-button > span:first-child')).toHaveText([...questions]);
  const visible = await faq.locator('.accordion-button > span:first-child').allTextContents();
  const data = JSON.parse((await script.textContent()) ?? '') as {
    '@type': string;
    mainEntity: { name: string; acceptedAnswer: { text: string } }[];
  };
  return { visible, data };
}

test.describe('structured data (JSON-LD)', () => {
  const cases: { path: string; expected: string[]; schemas: string[] }[] = [
    { path: '/caracteristicas', expected: ['Organization', 'WebSite'], schemas: ['Organization'] },
    { path: '/blog', expected: ['Organization', 'WebSite'], schemas: ['Organization'] },
    { path: '/pagos', expected: ['Organization', 'WebSite'], schemas: ['Organization'] },
    {
      path: '/marcablanca',
      expected: ['Organization', 'WebSite', 'FAQPage'],
      schemas: ['Organization', 'FAQPage'],
    },
    ...BLOG_POSTS.map((post) => ({
      path: `/blog/${post.slug}`,
      expected: ['Organization', 'WebSite', 'BlogPosting', 'BreadcrumbList'],
      schemas: ['Organization', 'BlogPosting', 'BreadcrumbList'],
    })),
  ];
  for (const { path, expected, schemas } of cases) {
    test(`${path} carries ${expected.join(', ')}, and it parses and validates`, async ({ page }) => {
      const { objects, problems } = await validateStructuredData(await hydratedHtml(page, path), schemas);
      expect(problems).toEqual([]);
      expect(typesOf(objects)).toEqual(expected);
      const organization = objects[0] as { name: string; url: string; logo: string };
      expect(organization.url).toBe(`${SITE_URL}/`);
      expect(organization.logo).toBe(`${SITE_URL}/icon-512.png`);
    });
  }

  test('each post is a BlogPosting with its real publication day, under Inicio › Blog', async ({
    request,
  }) => {
    for (const post of BLOG_POSTS) {
      const html = await (await request.get(`/blog/${post.slug}`)).text();
      const { objects } = await validateStructuredData(html, []);
      const posting = objects.find((o) => o['@type'] === 'BlogPosting') as Record<string, unknown>;
      expect(posting).toMatchObject({
        headline: post.title,
        datePublished: post.published,
        url: `${SITE_URL}/blog/${post.slug}`,
        articleSection: post.category,
      });
      const crumbs = objects.find((o) => o['@type'] === 'BreadcrumbList') as {
        itemListElement: { name: string; item: string }[];
      };
      expect(crumbs.itemListElement.map((c) => [c.name, c.item])).toEqual([
        ['Inicio', `${SITE_URL}/`],
        ['Blog', `${SITE_URL}/blog`],
        [post.title, `${SITE_URL}/blog/${post.slug}`],
      ]);
    }
  });

  test('the home page adds its three plans with their monthly USD price and its FAQ, and all of it validates', async ({
    page,
  }) => {
    await homeFaq(
      page,
      '/?cc=AR',
      faqFor(true).map((item) => item.pregunta),
    );
    const { objects, problems } = await validateStructuredData(await page.content(), [
      'Organization',
      'Product',
      'FAQPage',
    ]);
    expect(problems).toEqual([]);
    expect(typesOf(objects)).toEqual(['Organization', 'WebSite', 'Product', 'Product', 'Product', 'FAQPage']);
    const offers = objects
      .filter((o) => o['@type'] === 'Product')
      .map((o) => (o as { offers: { price: number; priceCurrency: string } }).offers);
    expect(offers.map((o) => [o.price, o.priceCurrency])).toEqual([
      [12, 'USD'],
      [36, 'USD'],
      [80, 'USD'],
    ]);
  });

  for (const cc of ['AR', 'CL'] as const) {
    test(`the home page's FAQPage asks exactly the questions shown, for ${cc}`, async ({ page }) => {
      const shown = faqFor(cc === 'AR');
      const { visible, data } = await homeFaq(
        page,
        `/?cc=${cc}`,
        shown.map((item) => item.pregunta),
      );
      expect(data['@type']).toBe('FAQPage');
      expect(data.mainEntity.map((q) => q.name)).toEqual(visible);
      expect(data.mainEntity.map((q) => q.acceptedAnswer.text)).toEqual(shown.map((item) => item.respuesta));
      const argentinaOnly = FAQ.find((item) => item.soloArgentina)?.pregunta;
      expect(data.mainEntity.some((q) => q.name === argentinaOnly)).toBe(cc === 'AR');
    });
  }

  test("the white-label page's FAQPage asks exactly its questions, in the prerendered HTML", async ({
    request,
  }) => {
    const html = await (await request.get('/marcablanca')).text();
    const { objects } = await validateStructuredData(html, []);
    const faq = objects.find((o) => o['@type'] === 'FAQPage') as { mainEntity: { name: string }[] };
    expect(faq.mainEntity.map((q) => q.name)).toEqual(
      WHITE_LABEL_COPY.faq.items.map((item) => item.pregunta),
    );
  });
});

test.describe('posts as articles, and the feed', () => {
  test('each post is an article with its publication day and points to the feed', async ({ request }) => {
    for (const post of BLOG_POSTS) {
      const html = await (await request.get(`/blog/${post.slug}`)).text();
      expect(html).toContain('<meta property="og:type" content="article">');
      expect(html).toContain(
        `<meta property="article:published_time" content="${post.published}T00:00:00Z">`,
      );
      expect(html).toMatch(
        new RegExp(
          `<link rel="alternate" type="application/rss\\+xml" title="[^"]+" href="${SITE_URL}/blog/feed.xml">`,
        ),
      );
    }
    expect(await (await request.get('/caracteristicas')).text()).toContain(
      '<meta property="og:type" content="website">',
    );
  });

  test('the feed lists every post, newest first, with absolute links and its publication day', async ({
    request,
  }) => {
    const response = await request.get('/blog/feed.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml[^>]*\?>\s*<rss version="2.0"/);
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1] ?? '');
    expect(items).toHaveLength(BLOG_POSTS.length);
    expect(items).toHaveLength(4);
    items.forEach((item, index) => {
      const post = BLOG_POSTS[index];
      expect(item).toContain(`<link>${SITE_URL}/blog/${post?.slug}</link>`);
      expect(item).toContain(`<title><![CDATA[${post?.title}]]></title>`);
      expect(new Date(/<pubDate>([^<]+)<\/pubDate>/.exec(item)?.[1] ?? '').toISOString().slice(0, 10)).toBe(
        post?.published,
      );
    });
  });
});

/** Width and height of a PNG, from its header. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

test.describe('icons', () => {
  test('every page names the touch icon and the manifest; both, and favicon.ico, answer with the brand’s icon', async ({
    request,
    page,
    browser,
    hygiene,
  }) => {
    for (const path of ['/', '/blog', '/registro', '/pagos']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
      // In the markup the manifest's link waits in a <noscript> of the head (valid HTML, and no request
      // before the first paint); the boot script puts it in the head once the page has painted.
      expect(html, path).toMatch(
        /<head>(?:(?!<\/head>).)*<noscript><link rel="manifest" href="\/manifest\.webmanifest"><\/noscript>/s,
      );
      expect(html.match(/rel="manifest"/g), path).toHaveLength(1);
      await page.goto(path);
      await expect(page.locator('head > link[rel="manifest"]'), path).toHaveAttribute(
        'href',
        '/manifest.webmanifest',
      );
      await expect(page.locator('head > noscript'), path).toHaveCount(0);
    }
    // Without scripts the <noscript> is markup: the browser finds the manifest's link there.
    const noScripts = await browser.newContext({ javaScriptEnabled: false });
    await hygiene.watch(noScripts);
    const plain = await noScripts.newPage();
    await plain.goto('/');
    await expect(plain.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await noScripts.close();

    const touch = await request.get('/apple-touch-icon.png');
    expect(touch.headers()['content-type']).toBe('image/png');
    expect(pngSize(await touch.body())).toEqual([180, 180]);

    const ico = await request.get('/favicon.ico');
    expect(ico.status()).toBe(200);
    const icoBytes = await ico.body();
    // An icon file (reserved 0, type 1) with its 16, 32 and 48 px images.
    expect([icoBytes.readUInt16LE(0), icoBytes.readUInt16LE(2), icoBytes.readUInt16LE(4)]).toEqual([0, 1, 3]);

    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
      name: string;
      start_url: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.name).toBe(loadConfig(process.env).brandName);
    expect(manifest.start_url).toBe('/');
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
      expect(pngSize(await image.body()).join('x'), icon.src).toBe(icon.sizes);
    }
  });
});
