/**
 * Security headers. Every document gets the site's own Content-Security-Policy; a page also allows
 * the hosts of the third parties it names (PageMeta.thirdParties) and no others: PayPal's SDK on the
 * payment page, reCAPTCHA in the wizard, the Facebook pixel on the welcome page, YouTube's
 * no-cookie player on the home page. A new third-party host is added here, in THIRD_PARTY_SOURCES.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { isThirdParty, type ThirdParty } from '../src/domain/third-parties';

// PayPal's SDK and buttons come from its live or sandbox host; the SDK also loads assets from paypalobjects.
const PAYPAL = ['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://www.paypalobjects.com'];
const RECAPTCHA = ['https://www.google.com', 'https://www.gstatic.com'];

type Directive = 'script-src' | 'connect-src' | 'frame-src';

/**
 * The policy of every response: the site's own files and nothing outside. A prerendered page also
 * allows its inline scripts by the hashes the prerender wrote (routes-manifest.json).
 */
const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  // No 'unsafe-hashes' and no 'unsafe-inline': the hashes allow script elements only, never an
  // event handler attribute, so script-src-attr would say nothing more.
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** Fetch directives a browser reads from default-src when a policy leaves them out. */
const FALLS_BACK_TO_DEFAULT: ReadonlySet<string> = new Set([
  'script-src',
  'style-src',
  'img-src',
  'font-src',
  'connect-src',
  'frame-src',
  'object-src',
]);

/** What each third party adds to a page's policy. */
const THIRD_PARTY_SOURCES: Readonly<Record<ThirdParty, Partial<Record<Directive, readonly string[]>>>> = {
  paypal: { 'script-src': PAYPAL, 'connect-src': PAYPAL, 'frame-src': PAYPAL },
  recaptcha: {
    'script-src': RECAPTCHA,
    'connect-src': ['https://www.google.com'],
    'frame-src': ['https://www.google.com'],
  },
  facebookPixel: {
    'script-src': ['https://connect.facebook.net'],
    'connect-src': ['https://www.facebook.com'],
  },
  youtube: { 'frame-src': ['https://www.youtube-nocookie.com'] },
};

/**
 * The Content-Security-Policy header of a document that uses `thirdParties` and carries the inline
 * scripts of `scriptHashes` (as routes-manifest.json lists them); a name this server does not know
 * allows nothing.
 */
export function contentSecurityPolicy(
  thirdParties: readonly unknown[] = [],
  scriptHashes: readonly string[] = [],
): string {
  const known = thirdParties.filter(isThirdParty);
  const defaults = CONTENT_SECURITY_POLICY['default-src']?.join(' ');
  return Object.entries(CONTENT_SECURITY_POLICY)
    .flatMap(([directive, base]) => {
      const added = [
        ...(directive === 'script-src' ? scriptHashes : []),
        ...known.flatMap((party) => THIRD_PARTY_SOURCES[party][directive as Directive] ?? []),
      ];
      const sources = (
        added.length > 0 ? [...base.filter((s) => s !== "'none'"), ...new Set(added)] : base
      ).join(' ');
      // Said by default-src already: the header is part of each page's first round trip.
      if (FALLS_BACK_TO_DEFAULT.has(directive) && sources === defaults) return [];
      return [`${directive} ${sources}`];
    })
    .join(';');
}

/**
 * Headers that only mean something on a response the browser renders as a document (a page, an SVG
 * opened on its own, an API answer opened in a tab). A script, a stylesheet or a raster image is
 * never one, so these are not sent with them: less on each of the dozen files a page load fetches
 * (docs/performance.md, "Measurements behind the code"). `x-content-type-options` and
 * `cross-origin-resource-policy` protect subresources and stay. A script or stylesheet without its
 * own `referrer-policy` follows the page's, which is the same value.
 */
export const DOCUMENT_ONLY_HEADERS: readonly string[] = [
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-dns-prefetch-control',
  'referrer-policy',
];

/** Files that can never render as a document (SVG can, so it keeps every header). */
export const SUBRESOURCE_FILE = /\.(?:js|css|woff2?|png|jpe?g|webp|avif|gif|ico)$/;

/** Browser features the site never uses. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=()';

function helmetOptions(): HelmetOptions {
  return {
    // Set by securityHeaders() (and per page by the static site): helmet's defaults would add
    // upgrade-insecure-requests, and the local site is plain http.
    contentSecurityPolicy: false,
    // PayPal checkout opens a popup that talks back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    // reCAPTCHA and PayPal look at the referring origin; the full path never leaves the site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS belongs to whatever terminates TLS in production; on local http it would only confuse.
    strictTransportSecurity: false,
    // Headers for browsers the site does not support (Internet Explorer's XSS filter and download
    // prompt, Flash and Acrobat cross-domain files): bytes on every page for nothing, and the home
    // page has to fit the first round trip of a new connection
    // (docs/performance.md, "Measurements behind the code").
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
  };
}

/**
 * The headers helmet sets with helmetOptions(), worked out once. They do not depend on the request
 * (no nonces), and rebuilding helmet's middleware for every request (as @fastify/helmet does) was a
 * measurable share of an API call's time.
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    'permissions-policy': PERMISSIONS_POLICY,
    'content-security-policy': contentSecurityPolicy(),
  };
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions())({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
