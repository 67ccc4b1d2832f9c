/**
 * `npm run flows:new` (scripts/flows-new.ts) through the real command, on a temporary copy of the
 * repository: src/ copied, so the catalogue finds the new folder beside the others, and the rest
 * linked. The folder it writes type-checks, and the flow-folder checks pass on that copy (the
 * repository's own tests, run there by a Vitest of their own): every part in place, a description
 * on every state and transition, a note for every guard, and its model paths covering the machine.
 * A bad name ends with one Spanish line, exit code 1, and nothing written.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowNames, nameProblem, nextOrder, parseArguments } from '../../../scripts/flows-new';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const NAME = 'prueba-del-generador';
/** The repository's tests that check a flow folder, run on the copy. */
const FOLDER_CHECKS = ['flow-folders', 'descriptions', 'guards-readable', 'machine-ids'].map(
  (name) => `tests/unit/flows/${name}.test.ts`,
);

let copy = '';

/** A copy of the repository: src/ and the checks above copied, everything else they read linked. */
function repositoryCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'flows-new-'));
  cpSync(path.join(ROOT, 'src'), path.join(dir, 'src'), { recursive: true });
  for (const entry of [
    'node_modules',
    'packages',
    'scripts',
    'workbench',
    'package.json',
    '.prettierrc.json',
  ])
    symlinkSync(path.join(ROOT, entry), path.join(dir, entry));
  /** Links every entry of `from` into `to` but `keep`, which is made a folder of its own. */
  const linkAllBut = (from: string, to: string, keep: string) => {
    mkdirSync(path.join(to, keep), { recursive: true });
    for (const entry of readdirSync(from))
      if (entry !== keep) symlinkSync(path.join(from, entry), path.join(to, entry));
  };
  linkAllBut(path.join(ROOT, 'tests'), path.join(dir, 'tests'), 'unit');
  linkAllBut(path.join(ROOT, 'tests/unit'), path.join(dir, 'tests/unit'), 'flows');
  for (const test of FOLDER_CHECKS) cpSync(path.join(ROOT, test), path.join(dir, test));
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: path.join(ROOT, 'tsconfig.json'), include: [`src/flows/${NAME}`] }),
  );
  writeFileSync(
    path.join(dir, 'vitest.config.mjs'),
    `export default { cacheDir: '.vite', test: { include: ${JSON.stringify([...FOLDER_CHECKS, `src/flows/${NAME}/*.model.test.ts`])}, environment: 'node', testTimeout: 20000 } };\n`,
  );
  return dir;
}

/** The command, as npm runs it, in the copy. */
function flowsNew(...args: string[]) {
  return spawnSync(process.execPath, [TSX, path.join(ROOT, 'scripts/flows-new.ts'), ...args], {
    cwd: copy,
    encoding: 'utf8',
  });
}

/** A child process's exit code and output, without the test runner's own variables. */
function run(command: string[], cwd: string): Promise<{ status: number | null; output: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(VITEST|TEST$|NODE_ENV$)/.test(key)),
  );
  return new Promise((resolve) => {
    const child = spawn(process.execPath, command, { cwd, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolve({ status, output }));
  });
}

const flowFolders = () => readdirSync(path.join(copy, 'src/flows')).sort();

beforeAll(() => {
  copy = repositoryCopy();
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('npm run flows:new: the name', () => {
  it('takes a kebab-case name of letters, and names its parts after it', () => {
    expect(nameProblem(NAME, ROOT)).toBeUndefined();
    expect(flowNames('te-llamamos')).toEqual({
      kebab: 'te-llamamos',
      camel: 'teLlamamos',
      pascal: 'TeLlamamos',
      constant: 'TE_LLAMAMOS',
      title: 'Te llamamos',
    });
  });

  it.each([
    [undefined, 'Falta el nombre del flujo: npm run flows:new -- <nombre>'],
    ['Te_Llamamos', 'El nombre «Te_Llamamos» no sirve: escríbelo en minúsculas, con guiones'],
    ['paso-2', 'El nombre «paso-2» no sirve'],
    ['año', 'El nombre «año» no sirve'],
    ['te--llamamos', 'El nombre «te--llamamos» no sirve'],
    ['-te', 'El nombre «-te» no sirve'],
    ['a', 'El nombre «a» es muy corto'],
    ['notification', 'Ya existe la carpeta src/flows/notification/'],
    [
      'lead-wizard',
      '«lead-wizard» ya es el nombre (slug) del flujo de src/flows/registration/registration.flow.ts',
    ],
  ])('refuses %s', (name, message) => {
    expect(nameProblem(name, ROOT)).toContain(message);
  });

  it("refuses another flow's machine id", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flows-new-ids-'));
    try {
      mkdirSync(path.join(dir, 'src/flows/otra'), { recursive: true });
      writeFileSync(
        path.join(dir, 'src/flows/otra/otra.machine.ts'),
        "export const m = setup({}).createMachine({\n  id: 'teLlamamos',\n});\n",
      );
      expect(nameProblem('te-llamamos', dir)).toBe(
        'La máquina «teLlamamos» ya existe en src/flows/otra/otra.machine.ts: elige otro nombre.',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads its options, and refuses what it does not know', () => {
    expect(parseArguments([NAME, '--root', '/tmp/x', '--folder-only'])).toMatchObject({
      name: NAME,
      root: '/tmp/x',
      folderOnly: true,
      mutation: false,
    });
    expect(() => parseArguments(['a-b', 'c-d'])).toThrow('Un flujo por vez: recibí 2 nombres (a-b, c-d).');
    expect(() => parseArguments([NAME, '--force'])).toThrow('Opción desconocida: --force');
    expect(() => parseArguments([NAME, '--root'])).toThrow('Falta la carpeta después de --root.');
  });

  it('puts the flow in the tens after the last one', () => {
    expect(nextOrder([10, 20, 90])).toBe(100);
    expect(nextOrder([10, 95])).toBe(100);
    expect(nextOrder([])).toBe(10);
  });

  it('ends with one Spanish line and exit code 1, writing nothing', () => {
    const before = flowFolders();
    for (const [args, line] of [
      [['Te_Llamamos'], 'El nombre «Te_Llamamos» no sirve'],
      [['notification'], 'Ya existe la carpeta src/flows/notification/'],
      [[], 'Falta el nombre del flujo'],
    ] as const) {
      const result = flowsNew(...args, '--root', copy, '--folder-only');
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(line);
    }
    expect(flowFolders()).toEqual(before);
  });
});

describe('npm run flows:new: the folder it writes', () => {
  let printed = '';

  beforeAll(() => {
    const result = flowsNew(NAME, '--root', copy, '--folder-only');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    printed = result.stdout;
  }, 20_000);

  it('holds every part, the entry in the next free place of the catalogue', () => {
    expect(readdirSync(path.join(copy, 'src/flows', NAME)).sort()).toEqual(
      [
        'copy.ts',
        `${NAME}.browser.ts`,
        `${NAME}.flow.ts`,
        `${NAME}.machine.ts`,
        `${NAME}.model.test.ts`,
        `${NAME}.samples.ts`,
        `${NAME}.tsx`,
      ].sort(),
    );
    const orderOf = (file: string) => Number(/\border: (\d+),/.exec(readFileSync(file, 'utf8'))?.[1]);
    const others = flowFolders()
      .filter((folder) => folder !== NAME)
      .map((folder) => path.join(copy, 'src/flows', folder, `${folder}.flow.ts`))
      .filter((file) => existsSync(file))
      .map(orderOf);
    expect(others.length).toBeGreaterThan(5);
    const entryFile = path.join(copy, 'src/flows', NAME, `${NAME}.flow.ts`);
    expect(orderOf(entryFile)).toBe(nextOrder(others));
    expect(orderOf(entryFile)).toBeGreaterThan(Math.max(...others));
    const entry = readFileSync(entryFile, 'utf8');
    expect(entry).toContain(`source: 'src/flows/${NAME}/${NAME}.machine.ts',`);
    // The browser table names no page until one places the flow.
    const table = readFileSync(path.join(copy, 'src/flows', NAME, `${NAME}.browser.ts`), 'utf8');
    expect(table).toContain('const PLACED_ON: string | null = null;');
  });

  it('prints, in order, what to fill in next and the commands that check it', () => {
    const steps = [...printed.matchAll(/^ {2}(\d)\. (.*)$/gm)].map(([, n, text]) => `${n} ${text}`);
    expect(steps.map((s) => s.slice(0, 2))).toEqual(['1 ', '2 ', '3 ', '4 ', '5 ', '6 ']);
    const dir = `src/flows/${NAME}`;
    for (const [i, file] of [
      `${dir}/${NAME}.machine.ts`,
      `${dir}/copy.ts`,
      `${dir}/${NAME}.tsx`,
      'src/pages/',
      `${dir}/${NAME}.samples.ts`,
      `${dir}/${NAME}.browser.ts`,
    ].entries())
      expect(steps[i]).toContain(file);
    expect(printed).toContain('npm run flows:update');
    expect(printed).toContain('Sin generar: ejecuta npm run docs:flows y npm run flows:versions.');
  });

  it('type-checks, and passes the flow-folder checks', async () => {
    const [typecheck, checks] = await Promise.all([
      run([path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'], copy),
      run(
        [
          path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--config',
          'vitest.config.mjs',
          '--reporter=verbose',
        ],
        copy,
      ),
    ]);
    expect(typecheck.output).toBe('');
    expect(typecheck.status).toBe(0);
    expect(checks.status, checks.output).toBe(0);
    // The copy's catalogue has the new flow, and its model paths ran.
    expect(checks.output).toContain(`${NAME}: every state and transition has a description`);
    expect(checks.output).toContain(`src/flows/${NAME}/${NAME}.machine.ts`);
    expect(checks.output).toMatch(new RegExp(`\\[model\\] ${NAME}: \\d+ shortest`));
  }, 60_000);
});
