import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, ENV_NAMES, loadConfig, whatsappLink } from '../../../src/config';
import { SITE_SETTINGS, siteSchema, type SiteKey } from '../../../src/config/load';
import * as z from 'zod/mini';

const ROOT = path.resolve(import.meta.dirname, '../../..');

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

  it('says in Spanish what each invalid variable must be and what it received', () => {
    expect(() => loadConfig({ VITE_CHAT_NUMBER: ' 12 ', VITE_SITE_URL: 'https://sitio.com.ar' })).toThrow(
      'Configuración inválida:\n- VITE_CHAT_NUMBER debe ser de 8 a 15 dígitos con código de país (recibido: " 12 ")',
    );
  });

  it('declares each setting once: a VITE_* variable of its own, a Spanish description, a valid default', () => {
    const names = Object.values(ENV_NAMES);
    expect(new Set(names).size).toBe(names.length);
    for (const [key, setting] of Object.entries(SITE_SETTINGS)) {
      expect(setting.env).toMatch(/^VITE_[A-Z0-9_]+$/);
      expect(setting.description).not.toBe('');
      expect(CONFIG_DEFAULTS[key as SiteKey]).toBe(setting.default);
      // Every default but an empty one (no value: the feature is off) passes its own check.
      if (setting.default !== '') expect(z.safeParse(setting.schema, setting.default).success).toBe(true);
    }
    expect(z.parse(siteSchema, {})).toEqual(CONFIG_DEFAULTS);
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

  it('gives the pages the chat number grouped as people write it in its country', async () => {
    for (const [digits, text] of [
      ['5491155556666', '+54 9 11 5555-6666'],
      ['50761234567', '+507 6123-4567'],
      ['51912345678', '+51 912 345 678'],
      ['525512345678', '+52 55 1234 5678'],
      ['59894123456', '+598 94 123 456'],
    ] as const) {
      const built = await resolve({ VITE_CHAT_NUMBER: digits });
      expect(JSON.parse(built.define?.__CHAT_NUMBER_TEXT__ ?? 'null'), digits).toBe(text);
    }
  });

  it('fails on an invalid VITE_* value, naming it', async () => {
    await expect(resolve({ VITE_SITE_URL: 'ftp://sitio' })).rejects.toThrow(/VITE_SITE_URL/);
  });
});

describe("the pages' configuration (src/config/index.ts)", () => {
  it('is the values only: neither the schema nor zod reaches their JavaScript', async () => {
    const page = '\0page';
    const built = (await build({
      configFile: false,
      root: ROOT,
      logLevel: 'silent',
      define: { __SITE_CONFIG__: JSON.stringify(CONFIG_DEFAULTS) },
      plugins: [
        {
          name: 'page',
          resolveId: (id) => (id === 'page' ? page : undefined),
          load: (id) =>
            id === page
              ? `import { config, whatsappLink } from ${JSON.stringify(path.join(ROOT, 'src/config'))};
                 console.log(config.brandName, whatsappLink('hola'));`
              : undefined,
        },
      ],
      build: { write: false, target: 'es2022', rolldownOptions: { input: 'page' } },
    })) as Rolldown.RolldownOutput;
    const code = built.output.map((file) => (file.type === 'chunk' ? file.code : '')).join('\n');
    expect(code).toContain(CONFIG_DEFAULTS.brandName);
    for (const name of Object.values(ENV_NAMES)) expect(code).not.toContain(name);
    expect(code).not.toContain('_zod');
    expect(code.length).toBeLessThan(1000);
  });
});
