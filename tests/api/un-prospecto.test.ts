import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openStorage } from '../../server/storage';
import { POSTGRES_MIGRATIONS } from '../../server/storage/postgres';
import { SQLITE_MIGRATIONS } from '../../server/storage/sqlite';
import { correctedLead } from '../../server/storage/types';
import { newBusinessBody, postJson, putJson, serverFor, startServer, storedBody } from './helpers';
import { describeEachStorage, type TestDatabase } from './support/targets';

/**
 * One lead per business (its name and WhatsApp number, src/domain/lead-key.ts): a create whose key
 * was seen, or whose business is stored, lands on that lead and corrects it, keeping what later
 * steps answered; concurrent creates of one business make one lead, on one process or two.
 */

interface Answer {
  status: number;
  id: string;
  replayed: boolean;
}

async function create(base: string, body: unknown, key?: string): Promise<Answer> {
  const res = await postJson(base, body, key === undefined ? {} : { 'idempotency-key': key });
  const { id } = (await res.json()) as { id: string };
  return { status: res.status, id, replayed: res.headers.get('idempotent-replayed') === 'true' };
}

/**
 * Servers on the suite's database as production opens it (lock waits of seconds, not the suite's
 * short ones): concurrent creates of one business queue on its lock, and the point here is that the
 * queue ends in one lead, not how long a loaded test machine takes to drain it.
 */
async function productionServers(db: TestDatabase, count: number) {
  const apps = await Promise.all(
    Array.from({ length: count }, async () => {
      const storage = await openStorage({ dbFile: db.env.DB_FILE ?? '', databaseUrl: db.env.DATABASE_URL });
      const app = buildApp({ storage, distDir: '/nonexistent', rateLimit: false, writeRateLimit: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      return app;
    }),
  );
  return {
    bases: apps.map((app) => {
      const address = app.server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    }),
    close: () => Promise.all(apps.map((app) => app.close())),
  };
}

const LATER_STEPS = {
  situacionActual: 'buscar_mas_clientes',
  rubro: 'gastronomico',
  sector: 'pizzeria',
  visitoDemo: true,
} as const;

describeEachStorage('one lead per business', (target) => {
  const server = serverFor(target);

  it('a key seen before, with a corrected e-mail, lands on its lead and corrects it', async () => {
    const before = await server.db.count('prospectos');
    const body = newBusinessBody();
    const first = await create(server.base, body, 'tardia-1');
    const corrected = await create(server.base, { ...body, email: 'corregido@example.com' }, 'tardia-1');
    expect(first).toMatchObject({ status: 201, replayed: false });
    expect(corrected).toEqual({ status: 201, id: first.id, replayed: true });
    expect(await server.db.count('prospectos')).toBe(before + 1);
    expect((await server.db.row(first.id))?.data.email).toBe('corregido@example.com');
  });

  it('a key seen before lands on its lead even when the business itself was corrected', async () => {
    const body = newBusinessBody('Pizeria');
    const first = await create(server.base, body, 'tardia-2');
    const fixed = { ...body, nombreEmpresa: `${body.nombreEmpresa} Centro`, whatsapp: '+5491123456780' };
    const corrected = await create(server.base, fixed, 'tardia-2');
    expect(corrected).toEqual({ status: 201, id: first.id, replayed: true });
    const row = await server.db.row(first.id);
    expect(row?.data).toMatchObject({ nombreEmpresa: fixed.nombreEmpresa, whatsapp: '+5491123456780' });
    // The corrected business is the one matched from then on.
    expect((await create(server.base, fixed)).id).toBe(first.id);
  });

  it('a key corrected onto a business another lead already holds lands on that lead: no business is stored twice', async () => {
    const held = newBusinessBody('Ferreteria');
    const holder = await create(server.base, held, 'otra-pestana');
    const typo = { ...held, whatsapp: '+5491100000001' };
    const first = await create(server.base, typo, 'tardia-3');
    expect(first.id).not.toBe(holder.id);
    const corrected = await create(
      server.base,
      { ...typo, whatsapp: held.whatsapp, email: 'bien@example.com' },
      'tardia-3',
    );
    expect(corrected).toEqual({ status: 201, id: holder.id, replayed: true });
    expect((await server.db.row(holder.id))?.data.email).toBe('bien@example.com');
    // The lead with the mistyped number keeps it: two leads, each its own business.
    expect((await server.db.row(first.id))?.data.whatsapp).toBe('+5491100000001');
  });

  it('the same business written differently (case, accents, spacing, no e-mail), without a key or with another, is the same lead', async () => {
    const before = await server.db.count('prospectos');
    const body = { ...newBusinessBody('Panadería Ñandú'), email: 'ana@example.com' };
    const first = await create(server.base, body, 'pestana-a');
    const spellings = [
      body.nombreEmpresa.toUpperCase(),
      body.nombreEmpresa.replace('Panadería Ñandú', 'panaderia  nandu'),
      `  ${body.nombreEmpresa.replace('Panadería', 'Panadería-')}.`,
    ];
    for (const [i, nombreEmpresa] of spellings.entries()) {
      const { email: _email, ...withoutEmail } = body;
      const again = await create(
        server.base,
        { ...withoutEmail, nombreEmpresa, nombre: 'Otra persona', whatsapp: '+54 9 11 2345-6789' },
        i === 0 ? undefined : `pestana-b${i}`,
      );
      expect(again).toEqual({ status: 201, id: first.id, replayed: true });
    }
    expect(await server.db.count('prospectos')).toBe(before + 1);
    const row = await server.db.row(first.id);
    // The last spelling corrects the name; the e-mail nobody re-typed is kept.
    expect(row?.data.nombreEmpresa).toBe(spellings[2]?.trim());
    expect(row?.data.email).toBe('ana@example.com');
    expect(row?.data.nombre).toBe('Otra persona');
  });

  it('another number or another name is another business', async () => {
    const before = await server.db.count('prospectos');
    const body = newBusinessBody();
    const first = await create(server.base, body);
    const otherNumber = await create(server.base, { ...body, whatsapp: '+5491123456788' });
    const otherName = await create(server.base, { ...body, nombreEmpresa: `${body.nombreEmpresa} Sur` });
    expect(new Set([first.id, otherNumber.id, otherName.id]).size).toBe(3);
    expect([otherNumber.replayed, otherName.replayed]).toEqual([false, false]);
    expect(await server.db.count('prospectos')).toBe(before + 3);
  });

  it("keeps the later steps' answers a create does not carry, by key and by business", async () => {
    const body = newBusinessBody();
    const first = await create(server.base, body, 'pasos-1');
    const info = JSON.stringify(LATER_STEPS);
    expect((await putJson(server.base, { ...body, id: first.id, infoEmpresa: info })).status).toBe(200);

    // A late create of step 1 (its infoEmpresa has only visitoDemo: false), by key then by business.
    const step1 = { ...body, infoEmpresa: '{"visitoDemo":false}', email: 'nuevo@example.com' };
    expect((await create(server.base, step1, 'pasos-1')).id).toBe(first.id);
    expect((await create(server.base, { ...step1, nombre: 'Ana' }, 'otra-pestana')).id).toBe(first.id);
    const row = await server.db.row(first.id);
    expect(JSON.parse(row?.data.infoEmpresa ?? '{}')).toEqual(LATER_STEPS);
    expect(row?.data).toMatchObject({ email: 'nuevo@example.com', nombre: 'Ana' });
  });

  it('twelve concurrent creates of one business (other keys, other spellings) make one lead', async () => {
    const servers = await productionServers(server.db, 1);
    try {
      const before = await server.db.count('prospectos');
      const body = newBusinessBody('Dos Pestañas');
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          create(
            servers.bases[0] ?? '',
            { ...body, nombreEmpresa: i % 2 ? body.nombreEmpresa.toLowerCase() : body.nombreEmpresa },
            `pestana-concurrente-${i}`,
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
      expect(new Set(answers.map((a) => a.id)).size).toBe(1);
      expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
      expect(await server.db.count('prospectos')).toBe(before + 1);
    } finally {
      await servers.close();
    }
  });

  it('concurrent creates of one business on two servers sharing the database make one lead', async () => {
    const servers = await productionServers(server.db, 2);
    try {
      for (let round = 0; round < 3; round++) {
        const before = await server.db.count('prospectos');
        const body = newBusinessBody('Dos Procesos');
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            create(servers.bases[i % 2] ?? '', body, `proceso-${round}-${i}`),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
        expect(new Set(answers.map((a) => a.id)).size).toBe(1);
        expect(await server.db.count('prospectos')).toBe(before + 1);
      }
    } finally {
      await servers.close();
    }
  });

  it('matches only leads created since the time given: a business back after the window is a new lead', async () => {
    const storage = await server.db.open();
    try {
      const data = storedBody();
      const first = await storage.createProspect(
        { ...data, nombreEmpresa: 'Ventana 1' },
        undefined,
        new Date(0),
      );
      const inWindow = await storage.createProspect(
        { ...data, nombreEmpresa: 'ventana 1' },
        undefined,
        new Date(Date.now() - 60_000),
      );
      expect(inWindow).toEqual({ id: first.id, estado: 'nuevo', replayed: true });
      const later = await storage.createProspect(
        { ...data, nombreEmpresa: 'Ventana 1' },
        undefined,
        new Date(Date.now() + 60_000),
      );
      expect(later.replayed).toBe(false);
      expect(later.id).not.toBe(first.id);
      // Without a time, only the key counts (scripts that store leads on purpose).
      const unmatched = await storage.createProspect({ ...data, nombreEmpresa: 'Ventana 1' });
      expect(unmatched.replayed).toBe(false);
    } finally {
      await storage.close();
    }
  });
});

/** Writes the schema before the business column and one lead, the way a server of that version did. */
async function createSchemaBeforeBusiness(db: TestDatabase, lead: object): Promise<void> {
  const versions = 3;
  if (db.env.DB_FILE) {
    const sqlite = new Database(db.env.DB_FILE);
    try {
      for (const sql of SQLITE_MIGRATIONS.slice(0, versions)) sqlite.exec(sql);
      sqlite.pragma(`user_version = ${versions}`);
      const at = new Date().toISOString();
      sqlite
        .prepare('INSERT INTO prospectos (id, estado, data, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
        .run('3f0c9a8e-1d2b-4c5e-9f6a-7b8c9d0e1f2a', 'nuevo', JSON.stringify(lead), at, at);
    } finally {
      sqlite.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: db.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      'CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL)',
    );
    for (const [i, sql] of POSTGRES_MIGRATIONS.slice(0, versions).entries()) {
      await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, now())', [i + 1]);
    }
    await client.query(
      `INSERT INTO prospectos (id, estado, data, created_at, updated_at)
       VALUES ($1, 'nuevo', $2::jsonb, now(), now())`,
      ['3f0c9a8e-1d2b-4c5e-9f6a-7b8c9d0e1f2a', JSON.stringify(lead)],
    );
  } finally {
    await client.end();
  }
}

describeEachStorage('business column migration', (target) => {
  it('fills the business of the leads stored before it, so a new create of that business lands on them', async () => {
    const db = await target.create();
    try {
      await createSchemaBeforeBusiness(db, storedBody());
      const server = await startServer({ db });
      try {
        const again = await create(server.base, { ...storedBody(), nombreEmpresa: 'PIZZERIA DON JOSE' });
        expect(again).toEqual({ status: 201, id: '3f0c9a8e-1d2b-4c5e-9f6a-7b8c9d0e1f2a', replayed: true });
        expect(await db.count('prospectos')).toBe(1);
      } finally {
        await server.close();
      }
    } finally {
      await db.dispose();
    }
  });
});

describe('correctedLead', () => {
  const stored = { ...storedBody(), infoEmpresa: JSON.stringify(LATER_STEPS) };

  it("replaces what the create carries and keeps what it does not, the later steps' answers included", () => {
    const { email: _email, utmSource: _utm, ...bare } = storedBody();
    const corrected = correctedLead(stored, { ...bare, nombre: 'Ana', infoEmpresa: '{"visitoDemo":false}' });
    expect(corrected).toEqual({ ...stored, nombre: 'Ana' });
  });

  it('takes the answers a create does carry, and a visit to the demo only ever adds', () => {
    const before = { ...stored, infoEmpresa: '{"rubro":"gastronomico","visitoDemo":false}' };
    const corrected = correctedLead(before, {
      ...storedBody(),
      infoEmpresa: '{"rubro":"almacen_minimercados","visitoDemo":true}',
    });
    expect(JSON.parse(corrected.infoEmpresa)).toEqual({ rubro: 'almacen_minimercados', visitoDemo: true });
  });
});
