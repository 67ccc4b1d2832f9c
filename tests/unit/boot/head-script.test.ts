import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { EARLY_PRESSES_KEY, HELD_ATTRIBUTE, replayEarlyPresses } from '../../../src/boot/early-presses';
import { ANCHOR_LANDING_CLASS, HEAD_SCRIPT } from '../../../src/boot/head-script';
import { attributionToStore } from '../../../src/domain/attribution';
import { ATTRIBUTION_STORAGE_KEY, REFERRAL_STORAGE_KEY } from '../../../src/domain/constants';
import { resolveReferralCode } from '../../../src/domain/referral';

/*
 * The head script is made of the domain's functions serialized as text, and that text depends on
 * the compiler that loaded them: the prerender runs under tsx, these tests under Vitest. Both
 * texts are run.
 */
const PRERENDER_TEXT = execFileSync(
  'node_modules/.bin/tsx',
  ['-e', "import('./src/boot/head-script.ts').then((m) => process.stdout.write(m.HEAD_SCRIPT))"],
  { encoding: 'utf8' },
);
const TEXTS = [
  ['as the prerender writes it', PRERENDER_TEXT],
  ['as loaded by the tests', HEAD_SCRIPT],
] as const;

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

describe.each(TEXTS)('the head script %s', (_, script) => {
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

  it('holds a press on a button until the page has hydrated, marks it, then replays it once', () => {
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

    replayInto(page);
    expect(presses).toBe(1);
    expect(button.hasAttribute(HELD_ATTRIBUTE)).toBe(false);
    button.click();
    expect(presses).toBe(2);
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
    replayInto(page);
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
    replayInto(page);
    expect(presses).toBe(1);
  });
});

/** Runs replayEarlyPresses against `page`'s globals, as the page's code does after hydration. */
function replayInto(page: Page) {
  const globals = globalThis as unknown as Record<string, unknown>;
  const saved = {
    self: globals.self,
    document: globals.document,
    HTMLElement: globals.HTMLElement,
    HTMLFormElement: globals.HTMLFormElement,
  };
  Object.assign(globals, {
    self: page,
    document: page.document,
    HTMLElement: page.HTMLElement,
    HTMLFormElement: page.HTMLFormElement,
  });
  try {
    replayEarlyPresses();
  } finally {
    Object.assign(globals, saved);
  }
}
