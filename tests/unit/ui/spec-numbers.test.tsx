import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import DeleteAccountPage from '../../../src/pages/delete-account-page';
import DownloadPage from '../../../src/pages/download-page';
import { LANDING_PER_VIEW_BY_WIDTH, TESTIMONIALS_PER_VIEW_BY_WIDTH } from '../../../src/pages/home/carousel';
import TermsPage from '../../../src/pages/terms-page';

/** What a visitor reads on a page: its text, without markup. */
function textOf(page: () => React.ReactNode): string {
  return renderToStaticMarkup(page())
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ');
}

// The numbers of spec section 9 as the pages state them (not the constants restated).
describe('the terms of spec section 9, as the pages say them', () => {
  it('terms: the 24-hour refund, the 30-day trial, the 2-3 week link approval', () => {
    const text = textOf(TermsPage);
    expect(text).toContain('te devolvemos el 100 % de lo pagado dentro de las 24 horas');
    expect(text).toContain('una prueba gratis de 30 días');
    expect(text).toContain('puede demorar de 2 a 3 semanas');
  });

  it('account deletion within 7 business days', () => {
    expect(textOf(DeleteAccountPage)).toContain('7 días hábiles');
  });

  it('the install page offers the 30-day trial', () => {
    expect(textOf(DownloadPage)).toContain('prueba gratis de 30 días');
  });
});

describe('the home carousels of spec section 9', () => {
  it('show 1 slide up to 464 px, 2 up to 1024 px, then 4; testimonials 2 on tablet and 3 on desktop', () => {
    expect(LANDING_PER_VIEW_BY_WIDTH).toEqual({ 0: 1, 464: 2, 1024: 4 });
    expect(TESTIMONIALS_PER_VIEW_BY_WIDTH).toEqual({ 0: 1, 464: 2, 1024: 3 });
  });
});
