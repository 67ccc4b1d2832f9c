import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, loadConfig, whatsappLink } from '../../../src/config';

describe('config', () => {
  it('uses the documented defaults when the environment is empty', () => {
    expect(loadConfig({})).toEqual(CONFIG_DEFAULTS);
    expect(CONFIG_DEFAULTS.apiBase).toBe('/api');
  });

  it('reads overrides from VITE_* variables', () => {
    const cfg = loadConfig({
      VITE_API_BASE: 'https://dashboard.example.com/api/',
      VITE_CHAT_NUMBER: '5491155556666',
      VITE_BRAND_NAME: 'Tienda Ñandú',
    });
    expect(cfg.apiBase).toBe('https://dashboard.example.com/api');
    expect(cfg.chatNumber).toBe('5491155556666');
    expect(cfg.brandName).toBe('Tienda Ñandú');
  });

  it('rejects invalid values naming every variable', () => {
    const bad = {
      VITE_API_BASE: 'javascript:alert(1)',
      VITE_ADMIN_HOST: 'http://evil.example',
      VITE_CONTACT_EMAIL: 'no-es-un-mail',
    };
    expect(() => loadConfig(bad)).toThrow(/Configuración inválida/);
    for (const name of Object.keys(bad)) expect(() => loadConfig(bad)).toThrow(name);
  });

  it('builds a WhatsApp chat link with the prefilled message encoded', () => {
    expect(whatsappLink('¡Hola! ¿Cómo va?', '5491100000000')).toBe(
      'https://wa.me/5491100000000?text=%C2%A1Hola!%20%C2%BFC%C3%B3mo%20va%3F',
    );
  });
});

describe("the site's build (vite.config.ts)", () => {
  type BuildConfig = { define?: Record<string, string> };
  const resolve = async (env: Record<string, string>): Promise<BuildConfig> => {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const { default: configFor } = await import('../../../vite.config');
      return (configFor as unknown as (e: object) => BuildConfig)({
        mode: 'production',
        command: 'build',
        isSsrBuild: false,
      });
    } finally {
      process.env = saved;
    }
  };

  it('ships the validated configuration as values', async () => {
    const built = await resolve({ VITE_CHAT_NUMBER: '5215512345678' });
    const shipped = JSON.parse(built.define?.__SITE_CONFIG__ ?? 'null') as typeof CONFIG_DEFAULTS;
    expect(shipped).toEqual({ ...CONFIG_DEFAULTS, chatNumber: '5215512345678' });
  });

  it('fails on an invalid VITE_* value, naming it', async () => {
    await expect(resolve({ VITE_SITE_URL: 'ftp://sitio' })).rejects.toThrow(/VITE_SITE_URL/);
  });
});
