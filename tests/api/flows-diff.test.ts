import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * npm run flows:diff through the real command, in a throwaway git repository: one machine in two
 * commits (the catalogue moving from src/machines/flow-catalogue.ts to src/flows/catalogue.ts on
 * the way), a commit without a catalogue, a branch whose catalogue does not load, and a branch
 * whose catalogue lists nothing but finds its flows in their folders, as the site's does today.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/flows-diff.ts');

const MACHINE_V1 = `import { setup } from 'xstate';

export const registroMachine = setup({}).createMachine({
  id: 'registro',
  description: 'Registro de un prospecto.',
  initial: 'contact',
  states: {
    contact: {
      description: 'Paso 1: los datos de contacto.',
      on: { 'step.next': { target: 'situation', description: 'Siguiente.' } },
    },
    situation: { description: 'Paso 2: la situación actual.' },
  },
});
`;

const MACHINE_V2 = `import { setup } from 'xstate';

export const registroMachine = setup({ guards: { isPhoneValid: () => true } }).createMachine({
  id: 'registro',
  description: 'Registro de un prospecto.',
  initial: 'contact',
  states: {
    contact: {
      description: 'Paso 1: los datos de contacto.',
      on: { 'step.next': { target: 'verifyingWhatsapp', guard: 'isPhoneValid', description: 'Siguiente.' } },
    },
    verifyingWhatsapp: {
      description: 'Verificando WhatsApp.',
      on: { 'phone.verified': { target: 'situation', description: 'El número se verificó.' } },
    },
    situation: { description: 'Paso 2: la situación actual.' },
  },
});
`;

const catalogue = (machineModule: string) => `import { registroMachine } from '${machineModule}';

export const flows = [
  {
    slug: 'lead-wizard',
    title: 'Registro (/registro)',
    description: 'El registro.',
    source: 'src/flows/registro.machine.ts',
    machine: registroMachine,
    exampleInput: undefined,
    notes: { events: {}, guards: { isPhoneValid: 'El número es válido.' }, actions: {}, actors: {}, delays: {} },
  },
];
`;

/** The flow's entry beside its machine, for a catalogue that finds the flows in their folders. */
const FLOW_ENTRY = `import { registroMachine } from './registro.machine';

export const registroFlow = {
  order: 10,
  slug: 'lead-wizard',
  title: 'Registro (/registro)',
  description: 'El registro.',
  source: 'src/flows/registro/registro.machine.ts',
  machine: registroMachine,
  exampleInput: undefined,
  notes: { events: {}, guards: { isPhoneValid: 'El número es válido.' }, actions: {}, actors: {}, delays: {} },
};
`;

let dir: string;
let repo: string;
/** TMPDIR of the command: without a folder of its own after every run. */
let runTmp: string;
const commits: Record<string, string> = {};

const gitEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Prueba',
  GIT_AUTHOR_EMAIL: 'prueba@example.com',
  GIT_COMMITTER_NAME: 'Prueba',
  GIT_COMMITTER_EMAIL: 'prueba@example.com',
};

function git(...args: string[]): string {
  const run = spawnSync('git', args, { cwd: repo, env: gitEnv, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.trim();
}

function write(file: string, content: string) {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), content);
}

function commit(name: string) {
  git('add', '-A');
  git('commit', '-q', '-m', name);
  commits[name] = git('rev-parse', 'HEAD');
}

/** The command's temporary folders still there (tsx keeps its own cache beside them). */
const leftovers = () => readdirSync(runTmp).filter((name) => name.startsWith('flows-diff-'));

function flowsDiff(args: string[], cwd = repo) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
    cwd,
    env: { ...process.env, TMPDIR: runTmp },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(() => {
  dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'flows-diff-test-')));
  repo = path.join(dir, 'repo');
  runTmp = path.join(dir, 'tmp');
  mkdirSync(runTmp);
  mkdirSync(repo);
  git('init', '-q', '-b', 'main');
  symlinkSync(realpathSync(path.join(ROOT, 'node_modules')), path.join(repo, 'node_modules'), 'dir');
  write('.gitignore', '/node_modules\n/reports/\n');
  write('package.json', '{ "type": "module", "private": true }\n');
  commit('sin-catalogo');
  write('src/machines/registro.machine.ts', MACHINE_V1);
  write('src/machines/flow-catalogue.ts', catalogue('./registro.machine'));
  commit('v1');
  git('checkout', '-q', '-b', 'broken');
  write('src/machines/flow-catalogue.ts', `${catalogue('./registro.machine')}\nexport const = ;\n`);
  commit('broken');
  git('checkout', '-q', 'main');
  git('rm', '-q', '-r', 'src/machines');
  write('src/flows/registro.machine.ts', MACHINE_V2);
  write('src/flows/catalogue.ts', catalogue('./registro.machine'));
  commit('v2');
  // The same flow, found in its folder by the site's own catalogue module.
  git('checkout', '-q', '-b', 'found');
  git('rm', '-q', '-r', 'src/flows');
  for (const file of ['catalogue.ts', 'flow-parts.ts', 'flow-notes.ts'])
    write(`src/flows/${file}`, readFileSync(path.join(ROOT, 'src/flows', file), 'utf8'));
  write('src/flows/registro/registro.machine.ts', MACHINE_V2);
  write('src/flows/registro/registro.flow.ts', FLOW_ENTRY);
  commit('found');
  git('checkout', '-q', 'main');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each command starts three processes (tsx, and one per tree): slow on busy cores.
describe('npm run flows:diff', { timeout: 60_000 }, () => {
  it('prints the change of each flow since the ref, in Spanish, and writes the JSON report', () => {
    const run = flowsDiff(['HEAD~1']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      [
        `Cambios en los flujos respecto de \`HEAD~1\` (${commits.v1?.slice(0, 7)}):`,
        '',
        '### Registro (/registro)',
        '',
        '- Se agrega el estado «Verificando WhatsApp».',
        '- Se agrega la transición «El número se verificó» (`phone.verified` en «Verificando WhatsApp» → «Paso 2: la situación actual»).',
        '- «Siguiente» ahora lleva a «Verificando WhatsApp» (antes a «Paso 2: la situación actual»).',
        '- «Siguiente» ahora exige «El número es válido».',
        '',
      ].join('\n'),
    );
    const report = JSON.parse(readFileSync(path.join(repo, 'reports/flows-diff.json'), 'utf8')) as {
      base: { ref: string; commit: string; catalogue: string };
      head: { commit: string; localChanges: boolean; catalogue: string };
      before: { flows: { slug: string; states: { path: string }[] }[] };
      after: { flows: { slug: string; states: { path: string }[] }[] };
      diff: { flows: { slug: string; status: string }[] };
    };
    expect(report.base).toEqual({
      ref: 'HEAD~1',
      commit: commits.v1,
      catalogue: 'src/machines/flow-catalogue.ts',
    });
    expect(report.head).toEqual({
      commit: commits.v2,
      localChanges: false,
      catalogue: 'src/flows/catalogue.ts',
    });
    expect(report.before.flows[0]?.states.map((s) => s.path)).toEqual(['', 'contact', 'situation']);
    expect(report.after.flows[0]?.states.map((s) => s.path)).toContain('verifyingWhatsapp');
    expect(report.diff.flows).toMatchObject([{ slug: 'lead-wizard', status: 'changed' }]);
    expect(leftovers()).toEqual([]);
  });

  it('says so when nothing changed, and writes the report where --json says', () => {
    const json = path.join(dir, 'out/diff.json');
    const run = flowsDiff(['main', '--json', json]);
    expect(run).toEqual({ status: 0, stdout: 'sin cambios en los flujos\n', stderr: '' });
    expect(JSON.parse(readFileSync(json, 'utf8'))).toMatchObject({
      base: { ref: 'main', commit: commits.v2 },
    });
  });

  it('reads a catalogue that finds its flows in their folders, at the ref and in the working tree', () => {
    const base = flowsDiff(['found']);
    expect(base).toEqual({ status: 0, stdout: 'sin cambios en los flujos\n', stderr: '' });
    git('checkout', '-q', 'found');
    try {
      const json = path.join(dir, 'out/found.json');
      const run = flowsDiff([commits.v1 ?? '', '--json', json]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('- Se agrega el estado «Verificando WhatsApp».');
      expect(JSON.parse(readFileSync(json, 'utf8'))).toMatchObject({
        base: { commit: commits.v1, catalogue: 'src/machines/flow-catalogue.ts' },
        head: { commit: commits.found, localChanges: false, catalogue: 'src/flows/catalogue.ts' },
        after: { flows: [{ slug: 'lead-wizard', machineId: 'registro' }] },
      });
    } finally {
      git('checkout', '-q', 'main');
    }
    expect(leftovers()).toEqual([]);
  });

  it('ends with a Spanish message and exit code 1 for a ref that does not exist, from any folder with --root', () => {
    const run = flowsDiff(['no-existe', '--root', repo], ROOT);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'La referencia «no-existe» no existe en este repositorio (ni rama, ni etiqueta, ni commit).\n',
    );
    expect(leftovers()).toEqual([]);

    const usage = flowsDiff(['--json']);
    expect(usage.status).toBe(1);
    expect(usage.stderr).toMatch(
      /^Opción desconocida o sin valor\. Uso: npm run flows:diff -- <referencia git>.*\n$/,
    );
  });

  it('ends with a Spanish message and exit code 1 when the catalogue at the ref does not load or is missing', () => {
    const broken = flowsDiff(['broken']);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toBe('');
    expect(broken.stderr).toMatch(
      new RegExp(
        `^El catálogo de flujos de «broken» \\(${commits.broken?.slice(0, 7)}\\) no carga: src/machines/flow-catalogue.ts: .+\\n$`,
      ),
    );
    expect(broken.stderr).not.toMatch(/^\s+at /m);

    const missing = flowsDiff([commits['sin-catalogo'] ?? '']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe(
      `En «${commits['sin-catalogo']?.slice(0, 7)}» no hay catálogo de flujos (src/flows/catalogue.ts ni src/machines/flow-catalogue.ts).\n`,
    );
    expect(leftovers()).toEqual([]);
  });
});
