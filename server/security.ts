/**
 * Security headers. The Content-Security-Policy is kept in one constant so a new third-party host is
 * added in one place. Third parties: PayPal SDK (payment page), Google reCAPTCHA (wizard, fb campaigns),
 * Facebook pixel (welcome page), YouTube embeds (no-cookie host).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { BOOT_SCRIPT } from '../src/boot/boot-script';

// PayPal's SDK and buttons come from its live or sandbox host; the SDK also loads assets from paypalobjects.
const PAYPAL = ['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://www.paypalobjects.com'];
const RECAPTCHA = ['https://www.google.com', 'https://www.gstatic.com'];
// The one inline script every page carries (it starts the page's code after the first paint).
const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", BOOT_SCRIPT_HASH, ...PAYPAL, ...RECAPTCHA, 'https://connect.facebook.net'],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", ...PAYPAL, 'https://www.google.com', 'https://www.facebook.com'],
  'frame-src': ['https://www.youtube-nocookie.com', ...PAYPAL, 'https://www.google.com'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/**
 * Headers that only mean something on a response the browser renders as a document (a page, an
 * SVG opened on its own, an API answer opened in a tab). A script, a stylesheet or a raster image
 * is never one, so these are not sent with them: about 1 KB less on each of the dozen files a page
 * load fetches. `x-content-type-options` and `cross-origin-resource-policy` protect subresources
 * and stay. A script or stylesheet without its own `referrer-policy` follows the page's, which is
 * the same value.
 */
export const DOCUMENT_ONLY_HEADERS: readonly string[] = [
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
  'referrer-policy',
];

/** Files that can never render as a document (SVG can, so it keeps every header). */
export const SUBRESOURCE_FILE = /\.(?:js|css|woff2?|png|jpe?g|webp|avif|gif|ico)$/;

/** Browser features the site never uses. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=()';

export function helmetOptions(): HelmetOptions {
  return {
    contentSecurityPolicy: {
      // No defaults: in particular no upgrade-insecure-requests, the local site is plain http.
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]])),
    },
    // PayPal checkout opens a popup that talks back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    // reCAPTCHA and PayPal look at the referring origin; the full path never leaves the site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS belongs to whatever terminates TLS in production; on local http it would only confuse.
    strictTransportSecurity: false,
  };
}

/**
 * The headers helmet sets with helmetOptions(), worked out once. They do not depend on the request
 * (no nonces), and rebuilding helmet's middleware for every request (as @fastify/helmet does) was a
 * measurable share of an API call's time.
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = { 'permissions-policy': PERMISSIONS_POLICY };
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
