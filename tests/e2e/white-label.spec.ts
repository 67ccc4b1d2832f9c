import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { axeBuilder } from './support/page-checks';
import { FEATURE_AREAS } from '../../src/content/features';
import { BENEFITS } from '../../src/content/home/benefits';
import { WHITE_LABEL_COPY } from '../../src/content/white-label';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Every WhatsApp call link of the page opens a chat about the white-label offer in a new tab. */
async function expectCallLink(page: Page, name: string) {
  const link = page.getByRole('link', { name, exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('target', '_blank');
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
  expect(decodeURIComponent(href.split('text=')[1] ?? '')).toContain('marca blanca');
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`/marcablanca at ${viewport.width} px: hero, highlights, areas, features, one plan, FAQ and call to action`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/marcablanca');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tiendas online con tu propia marca');
    await expectCallLink(page, 'Coordinar una llamada por WhatsApp');

    const highlights = section(page, 'Por qué marca blanca');
    for (const title of [
      'Tu propia marca',
      'Trasladas el costo',
      'Pagas solo por clientes confirmados',
      'Lista para vender',
    ]) {
      await expect(highlights.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }

    const areas = section(page, 'Áreas de gestión');
    await expect(areas.getByRole('listitem')).toHaveText(FEATURE_AREAS.map((a) => a.title));
    await expect(areas.getByRole('listitem')).toHaveCount(5);
    await expect(areas.getByRole('link', { name: 'Ver todas las características' })).toHaveAttribute(
      'href',
      '/caracteristicas',
    );

    const features = section(page, 'Funciones incluidas');
    await expect(features.getByRole('listitem')).toHaveCount(BENEFITS.filter((b) => b.visible).length);
    for (const title of [
      'Carrito y productos ilimitados',
      'Código QR para tu local',
      'Tu dominio propio .com',
    ]) {
      await expect(features.getByText(title, { exact: true })).toBeVisible();
    }
    await expect(features.locator('[data-feature="cobros"]')).toContainText('(Solo en Argentina)');

    const plan = section(page, 'Un único plan mensual');
    await expect(plan.getByRole('article')).toHaveCount(1);
    await expect(plan.getByRole('article', { name: 'Plan Marca Blanca' })).toContainText(
      'cada cliente confirmado',
    );
    await expectCallLink(page, 'Consultar el valor por WhatsApp');

    const faq = section(page, 'Preguntas frecuentes');
    await expect(faq.getByRole('button')).toHaveCount(WHITE_LABEL_COPY.faq.items.length);
    await faq.getByRole('button', { name: '¿Hay un plazo mínimo?' }).click();
    await expect(faq.getByText('Cancelar es simplemente no renovar')).toBeVisible();

    await expect(section(page, '¿Hablamos?')).toBeVisible();
    await expectCallLink(page, 'Coordinar una llamada');

    // The spec's order: hero, highlights, areas, features, plan, FAQ, call to action.
    const order = await page
      .locator('main h1, main h2')
      .evaluateAll((headings) => headings.map((h) => h.textContent));
    expect(order).toEqual([
      'Tiendas online con tu propia marca',
      'Por qué marca blanca',
      'Áreas de gestión',
      'Funciones incluidas',
      'Un único plan mensual',
      'Preguntas frecuentes',
      '¿Hablamos?',
    ]);

    // No registration item in the menu (spec section 2), nothing wider than the screen.
    if (viewport.width < 768) await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(menu.getByRole('link', { name: 'Contacto' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Registro' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    const axe = await axeBuilder(page).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });
}
