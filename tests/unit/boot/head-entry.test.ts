import fc from 'fast-check';
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ANCHOR_LANDING_CLASS,
  COOKIES_ACKNOWLEDGED_CLASS,
  REFERRAL_ACTIVE_CLASS,
} from '../../../src/boot/boot-script';
import {
  EARLY_PRESSES_KEY,
  giveUpHolding,
  HELD_ATTRIBUTE,
  registerPendingPart,
  replayEarlyPresses,
} from '../../../src/boot/early-presses';
import { NOT_LOADED_CLASS, NOT_LOADED_ID } from '../../../src/boot/not-loaded';
import { attributionToStore } from '../../../src/domain/attribution';
import {
  ATTRIBUTION_STORAGE_KEY,
  COOKIE_NOTICE_KEY,
  REFERRAL_STORAGE_KEY,
} from '../../../src/domain/constants';
import { resolveReferralCode } from '../../../src/domain/referral';
import { buildInlineScripts } from '../../../scripts/inline-scripts';

/* The head script as the build makes it and the pages carry it: bundled from head.entry.ts. */
let script = '';
beforeAll(async () => {
  script = (await buildInlineScripts()).head;
}, 60_000);

type Page = Window & { eval(code: string): unknown };

/** A fresh page at `url` whose head script has run; `before` prepares its storage or DOM. */
function land(script: string, url: string, before?: (page: Page) => void): Page {
  const page = new Window({ url }) as Page;
  before?.(page);
  page.eval(script);
  return page;
}

const paramName = fc.constantFrom('utm_source', 'utm_campaign', 'ndb_s', 'ndb_c', 'fbclid', 'ref', 'cc', 'x');
const paramValue = fc.oneof(
  fc.constantFrom('', ' ', 'fb', 'ig', 'pe', 'Ñandú_2024', '<script>', 'a'.repeat(501)),
  fc.string({ maxLength: 40 }),
);
const queryString = fc
  .array(fc.tuple(paramName, paramValue), { maxLength: 6 })
  .map((pairs) => pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&'));

describe('the head script, as built', () => {
  it('stores what the domain says a landing leaves, for any query string', () => {
    fc.assert(
      fc.property(queryString, fc.option(paramValue, { nil: undefined }), (query, earlierCode) => {
        const page = land(script, `https://sitio.test/registro?${query}`, (p) => {
          if (earlierCode !== undefined) p.sessionStorage.setItem(REFERRAL_STORAGE_KEY, earlierCode);
        });
        // The address as the browser keeps it (a quote in the query string is percent-encoded).
        const search = page.location.search;
        expect(page.localStorage.getItem(ATTRIBUTION_STORAGE_KEY) ?? undefined).toBe(
          attributionToStore(search),
        );
        // A valid ?ref replaces the code kept in the session; without one, the kept one stays as it was.
        const code = resolveReferralCode(new URLSearchParams(search).get('ref'), undefined);
        expect(page.sessionStorage.getItem(REFERRAL_STORAGE_KEY) ?? undefined).toBe(code ?? earlierCode);
      }),
      { numRuns: 150 },
    );
  });

  it('records a campaign landing on any page, and a later page without one keeps it', () => {
    const page = land(script, 'https://sitio.test/?utm_source=ig&utm_campaign=verano&ref=AMIGO-1');
    expect(page.localStorage.getItem(ATTRIBUTION_STORAGE_KEY)).toBe(
      'utm_source=ig&utm_campaign=verano&ref=AMIGO-1',
    );
    expect(page.sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('AMIGO-1');
    page.eval(`history.replaceState(null, '', '/registro?cc=CL'); ${script}`);
    expect(page.localStorage.getItem(ATTRIBUTION_STORAGE_KEY)).toBe(
      'utm_source=ig&utm_campaign=verano&ref=AMIGO-1',
    );
  });

  it('opens no storage for an address without a campaign or a referral code', () => {
    const page = land(script, 'https://sitio.test/registro?cc=CL');
    const opened: string[] = [];
    for (const area of ['localStorage', 'sessionStorage'] as const) {
      page.eval(
        `Object.defineProperty(self, '${area}', { get() { self.__opened = (self.__opened || []).concat('${area}'); return undefined; } })`,
      );
    }
    page.eval(`history.replaceState(null, '', '/registro?cc=CL'); ${script}`);
    opened.push(...((page.eval('self.__opened || []') as string[]) ?? []));
    expect(opened).toEqual([]);
  });

  it('records nothing and throws nothing when storage refuses every write', () => {
    const storage = Object.getPrototypeOf(new Window().localStorage) as Storage;
    const setItem = storage.setItem;
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    try {
      const page = land(script, 'https://sitio.test/?utm_source=fb&ref=AMIGO');
      expect(page.localStorage.length + page.sessionStorage.length).toBe(0);
      // The rest of the script still ran.
      expect(page.eval(`typeof self.${EARLY_PRESSES_KEY}`)).toBe('object');
    } finally {
      storage.setItem = setItem;
    }
  });

  it('marks a home page with an active referral code, and opens session storage for it only there', () => {
    const marked = (url: string, kept?: string) =>
      land(script, url, (page) => {
        if (kept !== undefined) page.sessionStorage.setItem(REFERRAL_STORAGE_KEY, kept);
      }).document.documentElement.classList.contains(REFERRAL_ACTIVE_CLASS);
    expect(marked('https://sitio.test/?ref=AMIGO25')).toBe(true);
    expect(marked('https://sitio.test/gastronomicos?ref=Ñandú_2024')).toBe(true);
    // A code kept earlier in the visit counts on the home page, a malformed one does not.
    expect(marked('https://sitio.test/?cc=AR', 'AMIGO25')).toBe(true);
    expect(marked('https://sitio.test/?cc=AR', '<b>x</b>')).toBe(false);
    expect(marked('https://sitio.test/?ref=' + encodeURIComponent('<script>'))).toBe(false);
    expect(marked('https://sitio.test/')).toBe(false);
    // Elsewhere the kept code is not read: the page has no strip.
    expect(marked('https://sitio.test/registro', 'AMIGO25')).toBe(false);
  });

  it("marks the home page with the address's code when session storage is blocked", () => {
    const page = land(script, 'https://sitio.test/?ref=AMIGO25', (p) =>
      p.eval(
        `Object.defineProperty(self, 'sessionStorage', { get() { throw new Error('SecurityError'); } })`,
      ),
    );
    expect(page.document.documentElement.classList.contains(REFERRAL_ACTIVE_CLASS)).toBe(true);
  });

  it('marks a page whose address names an anchor', () => {
    expect(
      land(script, 'https://sitio.test/#planes').document.documentElement.classList.contains(
        ANCHOR_LANDING_CLASS,
      ),
    ).toBe(true);
    expect(
      land(script, 'https://sitio.test/#').document.documentElement.classList.contains(ANCHOR_LANDING_CLASS),
    ).toBe(false);
    expect(
      land(script, 'https://sitio.test/').document.documentElement.classList.contains(ANCHOR_LANDING_CLASS),
    ).toBe(false);
  });

  it('marks, before the body is laid out, a visitor who acknowledged the cookie notice, and only that one', () => {
    const acknowledged = (cookie: string) =>
      land(script, 'https://sitio.test/', (page) => {
        if (cookie) page.document.cookie = cookie;
      }).document.documentElement.classList.contains(COOKIES_ACKNOWLEDGED_CLASS);
    expect(acknowledged(`${COOKIE_NOTICE_KEY}=1`)).toBe(true);
    expect(acknowledged(`cc=AR`)).toBe(false);
    expect(acknowledged(`${COOKIE_NOTICE_KEY}=0`)).toBe(false);
    expect(acknowledged('')).toBe(false);
  });

  it('holds every press on a button until the page has hydrated, marks it, then replays each in order', () => {
    const page = land(script, 'https://sitio.test/');
    const document = page.document;
    document.body.innerHTML =
      '<button id="mas" type="button">VER MÁS BENEFICIOS</button><a id="link" href="#faq">FAQ</a>';
    const button = document.getElementById('mas') as unknown as HTMLElement;
    let presses = 0;
    button.addEventListener('click', () => presses++);
    button.click();
    button.click();
    expect(presses).toBe(0);
    expect(button.hasAttribute(HELD_ATTRIBUTE)).toBe(true);

    // Links are not held: they work without code.
    let followed = 0;
    const link = document.getElementById('link') as unknown as HTMLElement;
    link.addEventListener('click', () => followed++);
    link.click();
    expect(followed).toBe(1);

    // A toggle pressed twice ends pressed twice.
    inPage(page, replayEarlyPresses);
    expect(presses).toBe(2);
    expect(button.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
    button.click();
    expect(presses).toBe(3);
  });

  it('keeps the order of presses on different controls, and a press into a part still loading waits for it', () => {
    const page = land(script, 'https://sitio.test/');
    const document = page.document;
    document.body.innerHTML =
      '<button id="a">A</button><button id="b">B</button><section id="resto"><button id="c">C</button></section>';
    const order: string[] = [];
    for (const id of ['a', 'b', 'c'])
      document.getElementById(id)?.addEventListener('click', () => order.push(id));
    const section = document.getElementById('resto') as unknown as Element;
    let wanted = 0;
    const part = inPage(page, () =>
      registerPendingPart({ contains: (control) => section.contains(control), wanted: () => wanted++ }),
    );
    for (const id of ['b', 'c', 'a', 'c']) (document.getElementById(id) as unknown as HTMLElement).click();
    expect(wanted).toBe(2);
    inPage(page, replayEarlyPresses);
    expect(order).toEqual(['b', 'a']);
    const c = document.getElementById('c') as unknown as HTMLElement;
    expect(c.hasAttribute(HELD_ATTRIBUTE)).toBe(true);
    // After the page's hydration, a press in the part still waits, behind the earlier ones.
    c.click();
    expect(order).toEqual(['b', 'a']);
    inPage(page, part.hydrated);
    expect(order).toEqual(['b', 'a', 'c', 'c', 'c']);
    expect(c.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
  });

  it('a part whose code failed releases its presses: nothing stays waiting', () => {
    const page = land(script, 'https://sitio.test/');
    const document = page.document;
    document.body.innerHTML = '<section id="resto"><button id="c">C</button></section>';
    const section = document.getElementById('resto') as unknown as Element;
    const part = inPage(page, () =>
      registerPendingPart({ contains: (control) => section.contains(control), wanted: () => {} }),
    );
    inPage(page, replayEarlyPresses);
    const c = document.getElementById('c') as unknown as HTMLElement;
    let presses = 0;
    c.addEventListener('click', () => presses++);
    c.click();
    expect(c.hasAttribute(HELD_ATTRIBUTE)).toBe(true);
    inPage(page, part.release);
    expect(c.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
    expect(presses).toBe(0);
    c.click();
    expect(presses).toBe(1);
  });

  it('gives up on a page that never hydrates: marks released, nothing held, the notice shown', () => {
    const page = land(script, 'https://sitio.test/');
    const document = page.document;
    document.body.innerHTML = `<noscript id="${NOT_LOADED_ID}"></noscript><button id="menu">Menú</button>`;
    // With scripts on, a <noscript>'s content is text: the notice's markup, as the prerender wrote it.
    (document.getElementById(NOT_LOADED_ID) as unknown as Element).textContent =
      `<div class="${NOT_LOADED_CLASS}" role="alert">No cargó</div>`;
    const menu = document.getElementById('menu') as unknown as HTMLElement;
    let presses = 0;
    menu.addEventListener('click', () => presses++);
    menu.click();
    expect(menu.hasAttribute(HELD_ATTRIBUTE)).toBe(true);
    inPage(page, giveUpHolding);
    inPage(page, giveUpHolding);
    expect(menu.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
    expect(document.querySelectorAll(`.${NOT_LOADED_CLASS}`)).toHaveLength(1);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('No cargó');
    // The held press is dropped, and a new one is not held.
    expect(presses).toBe(0);
    menu.click();
    expect(presses).toBe(1);
    expect(menu.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
  });

  it('holds a form submitted by Enter and submits it again once live', () => {
    const page = land(script, 'https://sitio.test/blog');
    const document = page.document;
    document.body.innerHTML = '<form id="boletin" action="/api/newsletter"><input name="email"></form>';
    const form = document.getElementById('boletin') as unknown as HTMLFormElement;
    let submitted = 0;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submitted++;
    });
    form.dispatchEvent(new page.Event('submit', { bubbles: true, cancelable: true }) as unknown as Event);
    expect(submitted).toBe(0);
    inPage(page, replayEarlyPresses);
    expect(submitted).toBe(1);
  });

  it('presses the control that replaced a held one, found by its id', () => {
    const page = land(script, 'https://sitio.test/');
    const document = page.document;
    document.body.innerHTML = '<button id="menu" type="button">Menú</button>';
    (document.getElementById('menu') as unknown as HTMLElement).click();
    document.body.innerHTML = '<button id="menu" type="button">Menú</button>';
    let presses = 0;
    (document.getElementById('menu') as unknown as HTMLElement).addEventListener('click', () => presses++);
    inPage(page, replayEarlyPresses);
    expect(presses).toBe(1);
  });
});

/** Runs `run` (the page's code after hydration) against `page`'s globals. */
function inPage<T>(page: Page, run: () => T): T {
  const globals = globalThis as unknown as Record<string, unknown>;
  const names = ['self', 'document', 'HTMLElement', 'HTMLFormElement'] as const;
  const saved = Object.fromEntries(names.map((name) => [name, globals[name]]));
  Object.assign(globals, {
    self: page,
    document: page.document,
    HTMLElement: page.HTMLElement,
    HTMLFormElement: page.HTMLFormElement,
  });
  try {
    return run();
  } finally {
    Object.assign(globals, saved);
  }
}
