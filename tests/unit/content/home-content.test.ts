import { describe, expect, it } from 'vitest';
import { BENEFITS, BENEFITS_SHOWN_FIRST, benefitsFor } from '../../../src/content/home/benefits';
import { FAQ, faqFor } from '../../../src/content/home/faq';
import { HIGHLIGHTS } from '../../../src/content/home/highlights';
import { SHOWCASE } from '../../../src/content/home/showcase';
import { TESTIMONIALS } from '../../../src/content/home/testimonials';
import { PLAN_IDS } from '../../../src/domain/plans';
import { PLAN_CONTENTS } from '../../../src/flows/country-prices/copy';

describe('home copy', () => {
  it('has four highlights and six testimonials', () => {
    expect(HIGHLIGHTS).toHaveLength(4);
    expect(TESTIMONIALS).toHaveLength(6);
    for (const t of TESTIMONIALS) expect(t.texto && t.nombre && t.empresa).toBeTruthy();
  });

  it('has 17 benefits with unique ids; the payment-provider one only for Argentina', () => {
    expect(BENEFITS).toHaveLength(17);
    expect(new Set(BENEFITS.map((b) => b.id)).size).toBe(17);
    const arOnly = BENEFITS.filter((b) => b.soloArgentina);
    expect(arOnly.map((b) => b.id)).toEqual(['cobros']);
    expect(benefitsFor(true)).toHaveLength(17);
    expect(benefitsFor(false)).toHaveLength(16);
    expect(benefitsFor(false).some((b) => b.soloArgentina)).toBe(false);
  });

  it('hides a benefit whose visible flag is false', () => {
    const items = [{ ...BENEFITS[0]!, visible: false }, BENEFITS[1]!];
    expect(benefitsFor(true, items).map((b) => b.id)).toEqual([BENEFITS[1]!.id]);
  });

  it('keeps the Argentina-only benefit out of the first ones, so the carousel is the same everywhere', () => {
    const first = BENEFITS.slice(0, BENEFITS_SHOWN_FIRST);
    expect(first.some((b) => b.soloArgentina)).toBe(false);
    expect(BENEFITS.some((b) => b.premium)).toBe(true);
  });

  it('asks the payment-provider question only for Argentina', () => {
    expect(faqFor(true)).toHaveLength(FAQ.length);
    expect(faqFor(false)).toHaveLength(FAQ.length - 1);
    expect(faqFor(false).some((q) => q.soloArgentina)).toBe(false);
    expect(new Set(FAQ.map((q) => q.id)).size).toBe(FAQ.length);
  });

  it('shows four industries in the demo showcase', () => {
    expect(SHOWCASE.map((s) => s.id)).toEqual(['gastronomia', 'almacen', 'indumentaria', 'cosmetica']);
  });

  it('plan contents follow spec section 9', () => {
    expect(Object.keys(PLAN_CONTENTS)).toEqual([...PLAN_IDS]);
    const premium = PLAN_CONTENTS.planPremium.destacados.join(' | ');
    expect(premium).toMatch(/2 listas de precios/);
    expect(premium).toMatch(/4 usuarios/);
    expect(premium).toMatch(/dominio/i);
    const platinum = PLAN_CONTENTS.planPlatinum.destacados.join(' | ');
    for (const part of [
      /2 tiendas Premium/,
      /1 comunidad/,
      /4 listas de precios/,
      /12 usuarios/,
      /\.com totalmente gestionado/,
    ]) {
      expect(platinum).toMatch(part);
    }
  });
});
