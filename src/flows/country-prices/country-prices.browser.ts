import { expect, type Page, type Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { COUNTRY_COOKIE } from '../../domain/constants';
import { COUNTRIES, COUNTRY_CODES, parseCountryCode, type CountryCode } from '../../domain/countries';
import { formatMoney } from '../../domain/money';
import { PLAN_NAMES } from '../../domain/plans';
import { PRICING_COPY } from './copy';
import {
  RATE_EXCEPTION_MESSAGE,
  rateUnavailableMessage,
  selectPlanQuotes,
  selectShowsCountryPicker,
  type CountryPricesContext,
  type CountryPricesInput,
  type CountryPricesSnapshot,
  type FetchRateOutput,
} from './country-prices.machine';
import { countryPricesModel } from './country-prices.samples';
import type { AnySnapshot } from '@tienda/flow-workbench/kit';
import type { BrowserModel } from '../../../tests/e2e/model/support/browser-model';
import { stayOnExits } from '../../../tests/e2e/model/support/held';
import { openHydrated, pausedClock } from '../../../tests/e2e/model/support/page';

/*
 * The plans section of the home page (/#planes). The run's cc parameter goes in the address and its
 * cc cookie in the browser before the page loads; the country lookup (call 1) and the exchange rate
 * (call 2) are held until a path's step answers them.
 */

/**
 * The latest request to a URL, held until a step answers it. A country change makes the page drop
 * the request under way and ask again, so only the newest one is ever answered.
 */
interface Latest {
  pending: () => boolean;
  answer: (wanted: (url: URL) => boolean, answer: (route: Route) => Promise<void>) => Promise<void>;
}

async function holdLatest(page: Page, match: (url: URL) => boolean, what: string): Promise<Latest> {
  let latest: Route | undefined;
  await page.route(match, (route) => {
    latest = route;
  });
  return {
    pending: () => latest !== undefined,
    async answer(wanted, answer) {
      await expect
        .poll(() => latest !== undefined && wanted(new URL(latest.request().url())), {
          message: `a held request to ${what}`,
        })
        .toBe(true);
      const route = latest as Route;
      latest = undefined;
      await answer(route);
    },
  };
}

interface Fakes {
  lookup: Latest;
  rate: Latest;
  /** What the page wrote to its console (spec section 8 logs the failures there). */
  logs: string[];
}

const section = (page: Page) => page.locator('#planes');
const grid = (page: Page) => section(page).locator('.plan-grid');
const card = (page: Page, plan: keyof typeof PLAN_NAMES) =>
  section(page).getByRole('article', { name: PLAN_NAMES[plan] });
const picker = (page: Page) => section(page).getByLabel(PRICING_COPY.selectorPais);
const domainBox = (page: Page) => card(page, 'planPremium').getByRole('checkbox');

const contextOf = (snapshot: AnySnapshot) => snapshot.context as CountryPricesContext;
const quotesOf = (snapshot: AnySnapshot) => selectPlanQuotes(snapshot as CountryPricesSnapshot);
const currencyOf = (code: CountryCode) => COUNTRIES[code].moneda.codigo;
const rateUrl = (code: CountryCode) => (url: URL) => url.pathname.endsWith(`/USD/${currencyOf(code)}`);

/** The regional line of every card says nothing: the prices are in the plan's own currency only. */
async function noRegionalPrices(page: Page) {
  for (const plan of Object.keys(PLAN_NAMES) as (keyof typeof PLAN_NAMES)[])
    await expect(card(page, plan).locator('.price-regional')).toHaveText('');
}

const isKnownCode = (value: unknown): value is CountryCode =>
  typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);

export const countryPricesBrowser: BrowserModel<Fakes> = {
  name: 'country-prices',
  model: countryPricesModel,
  scope: '#planes',
  shortest: 'cover',
  coverEveryRun: true,
  async open(page, run) {
    const input = run.input as CountryPricesInput;
    await stayOnExits(page);
    const lookup = await holdLatest(
      page,
      (url) => url.pathname.endsWith('/api/public/ip2location/'),
      'the country lookup',
    );
    const rate = await holdLatest(
      page,
      (url) => url.pathname.includes('/api/public/cotizaciones/USD/'),
      'the exchange rate',
    );
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    // An earlier visit's choice, as the browser would send it with the first request.
    if (typeof input.ccCookie === 'string')
      await page.addInitScript(
        ([name, value]) => {
          document.cookie = `${name}=${value}; path=/`;
        },
        [COUNTRY_COOKIE, input.ccCookie] as const,
      );
    await pausedClock(page);
    await openHydrated(
      page,
      typeof input.ccParam === 'string' ? `/?cc=${encodeURIComponent(input.ccParam)}` : '/',
    );
    // The section's code loads as the visitor nears it, and React shows it on a timer: the paused
    // clock moves in small steps until its controls work (far less than the calls' timeout).
    await section(page).scrollIntoViewIfNeeded();
    for (let i = 0; i < 40 && !(await domainBox(page).isEnabled()); i++) await page.clock.runFor(25);
    await expect(domainBox(page)).toBeEnabled();
    return { lookup, rate, logs };
  },
  states: {
    countryPrices: async ({ page }) => {
      await expect(section(page).getByRole('heading', { level: 2, name: PRICING_COPY.titulo })).toBeVisible();
    },
    'countryPrices.prices': async ({ page, after }) => {
      const { countryCode } = contextOf(after);
      const country = COUNTRIES[countryCode];
      if (selectShowsCountryPicker(after as CountryPricesSnapshot))
        await expect(picker(page)).toHaveValue(countryCode);
      else {
        await expect(picker(page)).toHaveCount(0);
        await expect(section(page).getByText(`${PRICING_COPY.preciosPara} ${country.nombre}`)).toBeVisible();
      }
      for (const quote of quotesOf(after))
        await expect(card(page, quote.plan).locator('.price-amount')).toHaveText(
          formatMoney(quote.price.importe, quote.price.codigoMoneda, country.locale),
        );
    },
    'countryPrices.prices.resolvingCountry': async ({ page }) => {
      await expect(grid(page)).toHaveAttribute('aria-busy', 'true');
    },
    'countryPrices.prices.resolvingCountry.detecting': async ({ page, fakes }) => {
      await expect
        .poll(() => fakes.lookup.pending(), { message: 'the country lookup is under way' })
        .toBe(true);
      await noRegionalPrices(page);
    },
    'countryPrices.prices.loadingRate': async ({ page, fakes }) => {
      await expect(grid(page)).toHaveAttribute('aria-busy', 'true');
      await expect.poll(() => fakes.rate.pending(), { message: 'the exchange rate is asked for' }).toBe(true);
      await noRegionalPrices(page);
    },
    'countryPrices.prices.ready': async ({ page }) => {
      await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
    },
    'countryPrices.prices.ready.noRateNeeded': async ({ page }) => {
      await noRegionalPrices(page);
    },
    'countryPrices.prices.ready.regional': async ({ page, after }) => {
      const country = COUNTRIES[contextOf(after).countryCode];
      for (const quote of quotesOf(after)) {
        const amount = quote.price.importeRegional;
        if (amount === undefined) continue;
        await expect(card(page, quote.plan).locator('.price-regional')).toContainText(
          `${formatMoney(amount, country.moneda.codigo, country.locale)}`,
        );
      }
    },
    'countryPrices.prices.ready.rateUnavailable': async ({ page, after, fakes }) => {
      await noRegionalPrices(page);
      const logged = [RATE_EXCEPTION_MESSAGE, rateUnavailableMessage(contextOf(after).countryCode)];
      await expect.poll(() => fakes.logs.some((l) => logged.includes(l))).toBe(true);
    },
    'countryPrices.domain': async ({ page }) => {
      await expect(domainBox(page)).toBeVisible();
    },
    'countryPrices.domain.off': async ({ page }) => {
      await expect(domainBox(page)).not.toBeChecked();
      await expect(section(page).getByText(PRICING_COPY.dominioNota)).toHaveCount(0);
    },
    'countryPrices.domain.on': async ({ page }) => {
      await expect(domainBox(page)).toBeChecked();
      await expect(section(page).getByText(PRICING_COPY.dominioNota)).toBeVisible();
    },
  },
  events: {
    'country.change': {
      act: async ({ page, event }) => {
        await picker(page).selectOption((event as { code?: string }).code ?? '');
      },
      // The dropdown shows only without a remembered country, offers the seven codes as they are
      // written, and choosing the country already shown changes nothing.
      possible: (event: EventObject, before) => {
        const { code } = event as { code?: string };
        const context = contextOf(before);
        return (
          parseCountryCode(context.sources.cookie) === undefined &&
          isKnownCode(code) &&
          code !== context.countryCode
        );
      },
    },
    'domain.toggle': { act: ({ page }) => domainBox(page).click() },
    'xstate.done.actor.detectCountry': {
      act: ({ fakes, event }) =>
        fakes.lookup.answer(
          () => true,
          (route) =>
            route.fulfill({
              status: 200,
              contentType: 'application/json',
              body: JSON.stringify({ countryCode: (event as { output?: unknown }).output }),
            }),
        ),
      // The page's lookup turns an answer without a known country into a failure (the error event).
      possible: (event: EventObject) => isKnownCode((event as { output?: unknown }).output),
    },
    'xstate.error.actor.detectCountry': {
      act: ({ fakes }) =>
        fakes.lookup.answer(
          () => true,
          (route) => route.abort('connectionrefused'),
        ),
    },
    'xstate.done.actor.fetchRate': {
      act: ({ fakes, event, before }) => {
        const output = (event as { output?: FetchRateOutput }).output;
        // No rate: an answer that is not a number (a non-OK status would do too, but logs an error).
        const body = output?.ok ? String(output.rate) : 'sin cotización';
        return fakes.rate.answer(rateUrl(contextOf(before).countryCode), (route) =>
          route.fulfill({ status: 200, contentType: 'text/plain', body }),
        );
      },
    },
    'xstate.error.actor.fetchRate': {
      act: ({ fakes, before }) =>
        fakes.rate.answer(rateUrl(contextOf(before).countryCode), (route) =>
          route.abort('connectionrefused'),
        ),
    },
  },
};
