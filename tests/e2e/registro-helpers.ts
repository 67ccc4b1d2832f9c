import { execFileSync } from 'node:child_process';
import Database from 'better-sqlite3';
import type { Page, Request } from '@playwright/test';
import { expect } from './support/test';
import { E2E_DATABASE_URL, E2E_DB_FILE } from '../../playwright.config';
import type { CountryCode } from '../../src/domain/countries';

/** Shared steps and checks of the /registro end-to-end specs. */

export const MOBILE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export const MAINTENANCE = 'Estamos en mantenimiento. Por favor, volvé a intentar más tarde';
export const HEADINGS = {
  contact: 'Datos de contacto',
  situation: '¿Cuál es tu situación actual?',
  category: '¿Cuál es el rubro de tu negocio?',
  sector: '¿Qué vendes?',
  thanks: '¡Gracias!',
} as const;

/** A valid mobile number per country, typed without the prefix, and the stored form. */
export const PHONES: Readonly<Record<CountryCode, { typed: string; stored: string }>> = {
  AR: { typed: '11 2345-6789', stored: '+5491123456789' },
  CL: { typed: '9 1234 5678', stored: '+56912345678' },
  CO: { typed: '300 123 4567', stored: '+573001234567' },
  MX: { typed: '55 1234 5678', stored: '+525512345678' },
  PA: { typed: '6123-4567', stored: '+50761234567' },
  PE: { typed: '912 345 678', stored: '+51912345678' },
  UY: { typed: '94 123 456', stored: '+59894123456' },
};

const COUNTRY_LABEL: Readonly<Record<CountryCode, string>> = {
  AR: 'Argentina (+549)',
  CL: 'Chile (+56)',
  CO: 'Colombia (+57)',
  MX: 'México (+52)',
  PA: 'Panamá (+507)',
  PE: 'Perú (+51)',
  UY: 'Uruguay (+598)',
};

/** A business name no other test uses (tests share one database and run in parallel). */
export function uniqueName(label: string): string {
  return `E2E ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export interface Contact {
  nombreEmpresa: string;
  nombre: string;
  apellido: string;
  pais: CountryCode;
  whatsapp: string;
  email?: string;
}

export function contactFor(nombreEmpresa: string, pais: CountryCode = 'AR'): Contact {
  return {
    nombreEmpresa,
    nombre: 'Lucía',
    apellido: 'Fernández',
    pais,
    whatsapp: PHONES[pais].typed,
    email: 'lucia@example.com',
  };
}

/** Opens /registro (with an optional query string) once the page is interactive. */
export async function openWizard(page: Page, query = ''): Promise<void> {
  await page.goto(`/registro${query}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { name: HEADINGS.contact })).toBeVisible();
}

export function fields(page: Page) {
  return {
    nombreEmpresa: page.getByLabel('Nombre de tu negocio'),
    nombre: page.getByLabel('Nombre', { exact: true }),
    apellido: page.getByLabel('Apellido'),
    pais: page.getByLabel('País'),
    whatsapp: page.getByLabel('Número de WhatsApp'),
    email: page.getByLabel('E-mail (opcional)'),
  };
}

export async function fillContact(page: Page, contact: Contact): Promise<void> {
  const f = fields(page);
  await f.nombreEmpresa.fill(contact.nombreEmpresa);
  await f.nombre.fill(contact.nombre);
  await f.apellido.fill(contact.apellido);
  await f.pais.selectOption({ label: COUNTRY_LABEL[contact.pais] });
  await f.whatsapp.fill(contact.whatsapp);
  if (contact.email !== undefined) await f.email.fill(contact.email);
}

export function nextButton(page: Page) {
  return page.getByRole('button', { name: 'Siguiente' });
}

export function backButton(page: Page) {
  return page.getByRole('button', { name: 'Atrás' });
}

export async function expectStep(page: Page, step: keyof typeof HEADINGS): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: HEADINGS[step] })).toBeVisible();
}

/** Chooses an option of steps 2-4 by its Spanish label and moves on. */
export async function choose(page: Page, label: string, next = true): Promise<void> {
  await page.getByRole('radio', { name: label, exact: true }).check();
  if (next) await nextButton(page).click();
}

export interface SentRequest {
  method: string;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

/** Records every request to the lead API with its JSON body, as it left the browser. */
export function captureLeadRequests(page: Page): SentRequest[] {
  const sent: SentRequest[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().endsWith('/api/prospectos/')) return;
    const method = request.method();
    if (method !== 'POST' && method !== 'PUT') return;
    sent.push({
      method,
      body: request.postDataJSON() as Record<string, unknown>,
      idempotencyKey: request.headers()['idempotency-key'],
    });
  });
  return sent;
}

export interface LeadRow {
  id: string;
  estado: string;
  data: Record<string, unknown>;
}

/**
 * The stored leads with this business name, read from the API's SQLite file or, when the run sets
 * E2E_DATABASE_URL, from PostgreSQL through psql (synchronous, as the specs' polls expect).
 */
export function leadRows(nombreEmpresa: string): LeadRow[] {
  if (E2E_DATABASE_URL) {
    const json = execFileSync('psql', [E2E_DATABASE_URL, '-X', '-A', '-t', '-v', `name=${nombreEmpresa}`], {
      encoding: 'utf8',
      input: `SELECT coalesce(json_agg(json_build_object('id', id, 'estado', estado, 'data', data) ORDER BY seq), '[]')
        FROM prospectos WHERE data->>'nombreEmpresa' = :'name';`,
    });
    return JSON.parse(json) as LeadRow[];
  }
  const db = new Database(E2E_DB_FILE, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[string], { id: string; estado: string; data: string }>(
        "SELECT id, estado, data FROM prospectos WHERE json_extract(data, '$.nombreEmpresa') = ? ORDER BY created_at",
      )
      .all(nombreEmpresa);
    return rows.map((r) => ({
      id: r.id,
      estado: r.estado,
      data: JSON.parse(r.data) as Record<string, unknown>,
    }));
  } finally {
    db.close();
  }
}

/** Waits until exactly one lead with this name is stored and its data passes the check. */
export async function expectOneLead(
  nombreEmpresa: string,
  check: (data: Record<string, unknown>) => boolean = () => true,
  timeout = 10_000,
): Promise<LeadRow> {
  await expect
    .poll(
      () => {
        const rows = leadRows(nombreEmpresa);
        return rows.length === 1 && rows[0] !== undefined && check(rows[0].data) ? 'ok' : rows;
      },
      { timeout },
    )
    .toBe('ok');
  const [row] = leadRows(nombreEmpresa);
  if (!row) throw new Error('unreachable');
  return row;
}

export function infoOf(data: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(String(data.infoEmpresa)) as Record<string, unknown>;
}

/** A fake reCAPTCHA (invisible widget) whose execute() answers with the given token. */
export function fakeRecaptchaScript(token: string): string {
  return `window.grecaptcha = {
    ready: function (cb) { setTimeout(cb, 0); },
    render: function (el, params) { window.__recaptcha = params; return 7; },
    execute: function () { setTimeout(function () { window.__recaptcha.callback(${JSON.stringify(token)}); }, 50); },
    reset: function () {},
  };`;
}

export const RECAPTCHA_ROUTE = 'https://www.google.com/recaptcha/api.js*';
