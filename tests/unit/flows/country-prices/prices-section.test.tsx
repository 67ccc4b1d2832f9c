// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PricesSection from '../../../../src/flows/country-prices/prices-section';
import { useShownCountry } from '../../../../src/flows/country-prices/shown-country';

/** A reader of the country the section shows, as the benefits and the FAQ read it. */
function ShownCountry() {
  return <p data-testid="shown">{useShownCountry()}</p>;
}

function Page() {
  return (
    <main>
      <ShownCountry />
      <PricesSection />
    </main>
  );
}

let root: Root | undefined;
let container: HTMLElement;
const recoverable = vi.fn();
const fetchCalls = vi.fn();

/** The page's HTML as the prerender writes it, then hydrated at `url`, as a browser does. */
async function hydrateAt(url: string) {
  // The prerender knows neither the address's query nor the cookie.
  window.history.replaceState(null, '', '/');
  const cookie = document.cookie;
  clearCountryCookie();
  const html = renderToString(<Page />);
  if (cookie) document.cookie = `${cookie}; path=/`;
  window.history.replaceState(null, '', url);
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const prerendered = document.createElement('div');
  prerendered.innerHTML = html;
  await act(async () => {
    root = hydrateRoot(container, <Page />, { onRecoverableError: recoverable });
  });
  return prerendered;
}

const price = (scope: HTMLElement, plan: string) =>
  (
    within(scope).getByRole('article', { name: plan }).querySelector('.price-amount')?.textContent ?? ''
  ).replace(/\s/g, ' ');

function clearCountryCookie() {
  document.cookie = 'cc=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

beforeEach(() => {
  clearCountryCookie();
  vi.stubGlobal('fetch', (...args: unknown[]) => {
    fetchCalls(...args);
    return Promise.reject(new TypeError('sin red en la prueba'));
  });
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  cleanup();
  recoverable.mockReset();
  fetchCalls.mockReset();
  vi.unstubAllGlobals();
});

describe('the plans section with its own machine', () => {
  it('is prerendered ready: Argentine prices, the dropdown disabled, the discount line empty', async () => {
    const prerendered = await hydrateAt('/?cc=PA');
    document.body.append(prerendered);
    expect(price(prerendered, 'Profesional')).toMatch(/\$ 14\.000/);
    const select = within(prerendered).getByLabelText('Seleccione su país');
    expect((select as HTMLSelectElement).disabled).toBe(true);
    expect(prerendered.querySelector('.pricing-referral')?.textContent).toBe('');
    expect(prerendered.querySelector('#planes')).not.toBeNull();
  });

  it("hydrates without a mismatch, then shows the address's country and a working dropdown", async () => {
    await hydrateAt('/?cc=PA');
    expect(recoverable).not.toHaveBeenCalled();
    expect(price(container, 'Profesional')).toMatch(/US\$ 12/);
    const select = screen.getByLabelText<HTMLSelectElement>('Seleccione su país');
    expect(select.disabled).toBe(false);
    expect(select.value).toBe('PA');
    expect(screen.getByTestId('shown').textContent).toBe('PA');
    // Panama pays in dollars: no exchange rate, and cc named the country: no lookup.
    expect(fetchCalls).not.toHaveBeenCalled();
  });

  it('a country chosen in the dropdown changes the prices, the sections that follow it, and the cc cookie', async () => {
    await hydrateAt('/?cc=PA');
    act(() => {
      fireEvent.change(screen.getByLabelText('Seleccione su país'), { target: { value: 'AR' } });
    });
    expect(price(container, 'Premium')).toMatch(/\$ 36\.000/);
    expect(screen.getByTestId('shown').textContent).toBe('AR');
    expect(document.cookie).toContain('cc=AR');
  });

  it("with a cc cookie, shows 'Precios para <país>' instead of the dropdown", async () => {
    document.cookie = 'cc=PA; path=/';
    await hydrateAt('/');
    expect(document.cookie).toBe('cc=PA');
    expect(screen.getByTestId('shown').textContent).toBe('PA');
    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Seleccione su país')).toBeNull();
    expect(within(container).getByText(/Precios para Panamá/)).toBeTruthy();
    expect(price(container, 'Platinum')).toMatch(/US\$ 80/);
  });

  it('the domain checkbox adds the domain to Premium once the section runs', async () => {
    await hydrateAt('/?cc=PA');
    const premium = within(container).getByRole('article', { name: 'Premium' });
    act(() => {
      fireEvent.click(within(premium).getByRole('checkbox', { name: /dominio propio/ }));
    });
    expect(price(container, 'Premium')).toMatch(/US\$ 44/);
    expect(within(premium).getByRole<HTMLInputElement>('checkbox', { name: /dominio propio/ }).checked).toBe(
      true,
    );
  });
});
