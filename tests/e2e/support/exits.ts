/** The registration host of the configuration defaults (src/config, VITE_REGISTRATION_HOST). */
export const REGISTRATION_ORIGIN = 'https://registro.mitienda.example';

/**
 * The URL to open for a test that only looks at a page: /bienvenido leaves for the registration
 * host after 2 s unless skipRedirect is set.
 */
export function stayingUrl(path: string): string {
  return path === '/bienvenido' ? `${path}?skipRedirect` : path;
}
