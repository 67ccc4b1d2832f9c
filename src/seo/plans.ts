import type { Product, WithContext } from 'schema-dts';
import { config } from '../config';
import { BASE_PRICES, PLAN_IDS, PLAN_NAMES } from '../domain/plans';

/** The link-preview image every page names in og:image. */
export const SHARE_IMAGE = '/og-image.png';

/**
 * The three plans of the pricing section as Product, each with its monthly price in USD (spec
 * section 9). Part of the home page's own code: it names only what it must.
 */
export function planProducts(): WithContext<Product>[] {
  return PLAN_IDS.map((id) => {
    const price = BASE_PRICES[id].USD;
    return {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: `${config.brandName} ${PLAN_NAMES[id]}`,
      image: `${config.siteUrl}${SHARE_IMAGE}`,
      brand: { '@type': 'Brand', name: config.brandName },
      offers: {
        '@type': 'Offer',
        price,
        priceCurrency: 'USD',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price,
          priceCurrency: 'USD',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
        },
      },
    };
  });
}
