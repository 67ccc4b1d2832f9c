/**
 * The site's two cookies (the chosen country, cc, and the cookie notice's acknowledgement) carry
 * Secure when the page is served over HTTPS, so they never travel over plain http; a page served
 * over plain http (a local server) still keeps them. One browser (happy-dom) with one cookie jar
 * opens the same host over https and over http, as a visitor and someone on the way would.
 */
import { Browser, type BrowserPage } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_LIFETIME_DAYS, COOKIE_NOTICE_KEY, COUNTRY_COOKIE } from '../../../src/domain/constants';
import { readCountryCookie, rememberCountry } from '../../../src/services/country-cookie';
import { readCookie, writeCookie } from '../../../src/services/storage';

let browser: Browser | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  await browser?.close();
  browser = undefined;
});

/** A page at `url`, made the global document and location the site's code sees. */
function open(url: string): BrowserPage {
  browser ??= new Browser();
  const page = browser.newPage();
  page.url = url;
  vi.stubGlobal('document', page.mainFrame.window.document);
  vi.stubGlobal('location', page.mainFrame.window.location);
  return page;
}

/** What the page's own script would read: the jar's cookies for `url`. */
function cookiesAt(url: string): string {
  const page = (browser ??= new Browser()).newPage();
  page.url = url;
  return page.mainFrame.window.document.cookie;
}

/** The text the site's code assigns to document.cookie while `act` runs. */
function assigned(page: BrowserPage, act: () => void): string[] {
  const document = page.mainFrame.window.document;
  const texts: string[] = [];
  let proto: object | null = document;
  let descriptor: PropertyDescriptor | undefined;
  while (proto && !descriptor) {
    descriptor = Object.getOwnPropertyDescriptor(proto, 'cookie');
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor?.get?.call(document) as string,
    set: (text: string) => {
      texts.push(text);
      descriptor?.set?.call(document, text);
    },
  });
  act();
  return texts;
}

describe('the site’s cookies', () => {
  it('carry Secure over HTTPS: the country and the notice’s answer never reach a plain-http page', () => {
    const page = open('https://www.tienda.example/precios');
    const written = assigned(page, () => {
      rememberCountry('CL');
      writeCookie(COOKIE_NOTICE_KEY, '1', COOKIE_LIFETIME_DAYS);
    });
    expect(written).toHaveLength(2);
    for (const text of written) expect(text).toMatch(/; Secure$/);
    expect(readCountryCookie()).toBe('CL');
    expect(readCookie(COOKIE_NOTICE_KEY)).toBe('1');
    expect(cookiesAt('https://www.tienda.example/')).toContain(`${COUNTRY_COOKIE}=CL`);
    expect(cookiesAt('http://www.tienda.example/')).toBe('');
  });

  it.each(['http://localhost:4173/', 'http://127.0.0.1:4173/', 'http://tienda.local/'])(
    'still work over plain http (%s), without Secure',
    (url) => {
      const page = open(url);
      const written = assigned(page, () => rememberCountry('MX'));
      expect(written).toHaveLength(1);
      expect(written[0]).not.toContain('Secure');
      expect(readCountryCookie()).toBe('MX');
      expect(cookiesAt(url)).toContain(`${COUNTRY_COOKIE}=MX`);
    },
  );
});
