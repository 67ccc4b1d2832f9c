// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTRIES, type CountryCode } from '../../../../src/domain/countries';
import { quotePlans } from '../../../../src/domain/plans';
import { Benefits } from '../../../../src/pages/home/benefits';
import { Faq } from '../../../../src/pages/home/closing-sections';
import { Pricing, type PricingState } from '../../../../src/flows/country-prices/pricing';

afterEach(cleanup);

function state(code: CountryCode, options: { rate?: number; withDomain?: boolean; referral?: boolean } = {}) {
  return {
    countryCode: code,
    withDomain: options.withDomain ?? false,
    rate: options.rate ?? null,
    quotes: quotePlans(COUNTRIES[code], options),
    showCountryPicker: true,
    interactive: true,
    busy: false,
  } satisfies PricingState;
}

const actions = () => ({ changeCountry: vi.fn(), toggleDomain: vi.fn() });
const card = (name: string) => screen.getByRole('article', { name });
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s+/g, ' ');

describe('Pricing', () => {
  it('shows the ARS prices for Argentina with no regional amount', () => {
    render(<Pricing state={state('AR')} actions={actions()} referralCode={undefined} />);
    expect(text(card('Profesional'))).toMatch(/\$ ?14\.000/);
    expect(text(card('Premium'))).toMatch(/\$ ?36\.000/);
    expect(text(card('Platinum'))).toMatch(/\$ ?80\.400/);
    expect(text(card('Premium'))).not.toMatch(/≈/);
    expect(screen.getAllByRole('link', { name: 'Elegir este Plan' })).toHaveLength(3);
    for (const link of screen.getAllByRole('link', { name: 'Elegir este Plan' })) {
      expect(link.getAttribute('href')).toBe('/registro');
    }
  });

  it('shows USD and the approximate local amount for Chile', () => {
    render(<Pricing state={state('CL', { rate: 900 })} actions={actions()} referralCode={undefined} />);
    const pro = text(card('Profesional'));
    expect(pro).toMatch(/12/);
    expect(pro).toMatch(/≈/);
    expect(pro).toMatch(/11\.016 CLP/);
  });

  it('adds the domain to Premium and shows the note when ticked', () => {
    const a = actions();
    const { rerender } = render(<Pricing state={state('PA')} actions={a} referralCode={undefined} />);
    const box = within(card('Premium')).getByRole('checkbox', { name: /dominio propio/ });
    expect(screen.queryByText(/Gestión completa/)).toBeNull();
    fireEvent.click(box);
    expect(a.toggleDomain).toHaveBeenCalledTimes(1);
    rerender(<Pricing state={state('PA', { withDomain: true })} actions={a} referralCode={undefined} />);
    expect(text(card('Premium'))).toMatch(/44/);
    expect(
      screen.getByText('Gestión completa: Incluye la compra, configuración y renovación de tu dominio'),
    ).toBeTruthy();
  });

  it('strikes the full price and shows 25 % off with a referral code', () => {
    render(<Pricing state={state('AR', { referral: true })} actions={actions()} referralCode="AMIGO-1" />);
    const pro = card('Profesional');
    expect(within(pro).getByText(/14\.000/, { selector: 'del' })).toBeTruthy();
    expect(text(pro)).toMatch(/10\.500/);
    expect(screen.getByText('25 % de descuento con el código AMIGO-1')).toBeTruthy();
  });

  it('the dropdown changes the country, and is replaced by the active country when a cc cookie exists', () => {
    const a = actions();
    const { rerender } = render(<Pricing state={state('AR')} actions={a} referralCode={undefined} />);
    fireEvent.change(screen.getByLabelText('Seleccione su país'), { target: { value: 'MX' } });
    expect(a.changeCountry).toHaveBeenCalledWith('MX');
    rerender(
      <Pricing state={{ ...state('MX'), showCountryPicker: false }} actions={a} referralCode={undefined} />,
    );
    expect(screen.queryByLabelText('Seleccione su país')).toBeNull();
    expect(screen.getByText(/Precios para México/)).toBeTruthy();
  });
});

describe('Benefits', () => {
  it("'VER MÁS BENEFICIOS' expands the rest of the grid and then reads 'VER MENOS BENEFICIOS'", () => {
    render(<Benefits isArgentina />);
    const button = screen.getByRole('button', { name: /VER MÁS BENEFICIOS/ });
    const more = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(more?.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.textContent).toBe('VER MENOS BENEFICIOS');
    expect(more?.hidden).toBe(false);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.textContent).toBe('VER MÁS BENEFICIOS');
    expect(more?.hidden).toBe(true);
  });

  it('shows the payment-provider item only for Argentina', () => {
    const { rerender } = render(<Benefits isArgentina />);
    const cobros = { name: /^Cobros con /, hidden: true };
    expect(screen.getAllByRole('article', { hidden: true })).toHaveLength(17);
    expect(screen.queryByRole('heading', cobros)).not.toBeNull();
    rerender(<Benefits isArgentina={false} />);
    expect(screen.getAllByRole('article', { hidden: true })).toHaveLength(16);
    expect(screen.queryByRole('heading', cobros)).toBeNull();
  });
});

describe('Faq', () => {
  it('keeps one answer open at a time and asks about the payment provider only in Argentina', () => {
    const { rerender } = render(<Faq isArgentina />);
    expect(screen.getByRole('button', { name: /Puedo cobrar con/ })).toBeTruthy();
    const first = screen.getByRole('button', { name: /comisión por cada venta/ });
    const second = screen.getByRole('button', { name: /plazo mínimo/ });
    fireEvent.click(first);
    fireEvent.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    rerender(<Faq isArgentina={false} />);
    expect(screen.queryByRole('button', { name: /Puedo cobrar con/ })).toBeNull();
  });
});
