/**
 * The outside services a page may use. A page names its own (PageMeta.thirdParties); the prerender
 * copies them into routes-manifest.json, and the server's Content-Security-Policy for that page
 * allows their hosts (server/security.ts) and no others.
 */
const THIRD_PARTIES = ['paypal', 'recaptcha', 'facebookPixel', 'youtube'] as const;
export type ThirdParty = (typeof THIRD_PARTIES)[number];

export function isThirdParty(value: unknown): value is ThirdParty {
  return typeof value === 'string' && (THIRD_PARTIES as readonly string[]).includes(value);
}
