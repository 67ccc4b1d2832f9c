/**
 * The two trees flows:diff compares: a commit checked out into a temporary folder (through a
 * temporary index, so the repository's own index and worktrees are left alone) and the working
 * tree; each snapshot is taken by a child process (print-snapshot.ts), so the two catalogues load
 * apart. Failures are FlowsDiffError, with the message in Spanish.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT_LOAD_FAILED, EXIT_NO_CATALOGUE, type CataloguePaths, type FlowsSnapshot } from './snapshot';

/** A failure told to the user as it is, without a stack. */
export class FlowsDiffError extends Error {}

const PRINT_SNAPSHOT = fileURLToPath(new URL('./print-snapshot.ts', import.meta.url));
/** The dependencies this code runs with: linked into a checkout whose repository has none. */
function ownNodeModules(): string {
  const xstate = fileURLToPath(import.meta.resolve('xstate'));
  return xstate.slice(0, xstate.lastIndexOf(`${path.sep}node_modules${path.sep}`) + '/node_modules'.length);
}
const SNAPSHOT_TIMEOUT_MS = 120_000;

function git(root: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const run = spawnSync('git', ['-C', root, ...args], { encoding: 'utf8', env });
  if (run.error) throw new FlowsDiffError(`No se pudo ejecutar git: ${run.error.message}`);
  return { ok: run.status === 0, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
}

export function repoRoot(dir: string): string {
  const run = git(dir, ['rev-parse', '--show-toplevel']);
  if (!run.ok) throw new FlowsDiffError(`«${dir}» no está dentro de un repositorio git.`);
  return run.stdout;
}

/** The commit a ref names; a ref that names none is an error. */
export function resolveCommit(root: string, ref: string): string {
  const run = ref.startsWith('-')
    ? undefined
    : git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  if (!run?.ok || !run.stdout)
    throw new FlowsDiffError(
      `La referencia «${ref}» no existe en este repositorio (ni rama, ni etiqueta, ni commit).`,
    );
  return run.stdout;
}

/** The commit where HEAD's history meets `ref`'s (`git merge-base HEAD <ref>`); null without one. */
export function mergeBase(root: string, ref: string): string | null {
  if (ref.startsWith('-')) return null;
  const run = git(root, ['merge-base', 'HEAD', ref]);
  return run.ok && run.stdout ? run.stdout : null;
}

export function headCommit(root: string): string | null {
  const run = git(root, ['rev-parse', '--verify', '--quiet', 'HEAD']);
  return run.ok ? run.stdout : null;
}

/** The working tree differs from HEAD (tracked files) or has untracked files. */
export function hasLocalChanges(root: string): boolean {
  return git(root, ['status', '--porcelain']).stdout !== '';
}

/** The catalogue file a commit has, of `paths`; null without one. */
export function catalogueAt(root: string, commit: string, paths: CataloguePaths): string | null {
  return paths.find((file) => git(root, ['cat-file', '-e', `${commit}:${file}`]).ok) ?? null;
}

export function noCatalogueMessage(label: string, paths: CataloguePaths): string {
  return `En ${label} no hay catálogo de flujos (${paths.join(' ni ')}).`;
}

/** Writes the files of a commit into `dir` (which must not exist yet) and links the dependencies. */
export function checkOut(root: string, commit: string, dir: string, indexFile: string): void {
  const env = { ...process.env, GIT_INDEX_FILE: indexFile };
  const read = git(root, ['read-tree', commit], env);
  const written = read.ok ? git(root, ['checkout-index', '--all', `--prefix=${dir}${path.sep}`], env) : read;
  if (!written.ok)
    throw new FlowsDiffError(`No se pudo extraer el commit ${commit.slice(0, 7)}: ${written.stderr}`);
  mkdirSync(dir, { recursive: true });
  const own = path.join(root, 'node_modules');
  const target = existsSync(own) ? realpathSync(own) : ownNodeModules();
  if (!existsSync(path.join(dir, 'node_modules'))) symlinkSync(target, path.join(dir, 'node_modules'), 'dir');
}

function lastLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .pop() ?? ''
  );
}

/**
 * The snapshot of the catalogue in `tree`, read by a child process; `label` names the tree in
 * errors. `signal` ends the child (when the other tree has failed already).
 */
export function loadSnapshot(
  tree: string,
  label: string,
  paths: CataloguePaths,
  signal?: AbortSignal,
): Promise<FlowsSnapshot> {
  const tsx = import.meta.resolve('tsx');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsx, PRINT_SNAPSHOT, tree, ...paths], {
      cwd: tree,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(signal ? { signal } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), SNAPSHOT_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new FlowsDiffError(`No se pudo leer el catálogo de flujos de ${label}: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) {
        try {
          resolve(JSON.parse(lastLine(stdout)) as FlowsSnapshot);
        } catch {
          reject(new FlowsDiffError(`El catálogo de flujos de ${label} no dio una lectura válida.`));
        }
        return;
      }
      const why = lastLine(stderr);
      if (code === EXIT_NO_CATALOGUE) reject(new FlowsDiffError(noCatalogueMessage(label, paths)));
      else if (code === EXIT_LOAD_FAILED)
        reject(new FlowsDiffError(`El catálogo de flujos de ${label} no carga: ${why}`));
      else if (signal === 'SIGKILL')
        reject(
          new FlowsDiffError(
            `El catálogo de flujos de ${label} no terminó de cargar en ${SNAPSHOT_TIMEOUT_MS / 1000} s.`,
          ),
        );
      else
        reject(
          new FlowsDiffError(`No se pudo leer el catálogo de flujos de ${label}${why ? `: ${why}` : '.'}`),
        );
    });
  });
}
