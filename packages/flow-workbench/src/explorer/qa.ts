/**
 * QA's browser run on the chart, the logic without the view: whether the run is older than the
 * code, a browser path as a path the diagram replays, which path took each screenshot, and the
 * coverage the diagram draws (a transition QA declares unreachable is not drawn as uncovered).
 */
import { type MachineModel, type MachineResults, type PathResult, type StateFailure } from '../kit';
import type { Artifacts, MachineCoverage } from './artifacts';
import type { BuildInfo } from './build-info';
import type { PathChoice } from './paths-panel';
import { stepsOfPath } from './sim/simulation';

/** A commit as people read it: its first seven characters. */
export function shortCommit(commit: string): string {
  return commit.slice(0, 7);
}

/** `3 de mayo de 2025, 10:32`, or the text as it is when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** What the explorer says of results measured on another version of the flow than the one it shows. */
export const OLDER_VERSION_NOTICE = 'Estos resultados son de una versión anterior del flujo';

/**
 * Why the run may not show the code as it is now, in Spanish (commits between backticks): the
 * flow's version (its behaviour: states, transitions, rules, delays and values) changed since
 * (the strongest), the run was made on another commit than this page's build, or with changes
 * not committed.
 */
export function staleness(results: MachineResults, version: string, build: BuildInfo): string[] {
  const out: string[] = [];
  if (results.graph !== '' && results.graph !== version)
    out.push(
      `${OLDER_VERSION_NOTICE} (\`${results.graph}\`; la de hoy es \`${version}\`): desde esa corrida cambió lo que hace el flujo (sus estados, transiciones, reglas o valores), así que la cobertura y las capturas pueden no corresponder. Vuelve a correr los recorridos en el navegador.`,
    );
  if (results.commit && build.commit && results.commit !== build.commit) {
    const older =
      build.date !== null &&
      results.date !== '' &&
      new Date(results.date).getTime() < new Date(build.date).getTime();
    out.push(
      `La corrida se hizo sobre la versión \`${shortCommit(results.commit)}\` del código; esta página es de la versión \`${shortCommit(build.commit)}\`${older ? ', más nueva que la corrida' : ''}.`,
    );
  }
  if (results.dirty)
    out.push('La corrida se hizo con cambios en el código que todavía no estaban guardados en git.');
  return out;
}

/** A browser path as the diagram replays it: the model case by its label, the steps as the explorer's. */
export function qaPathChoice(
  path: PathResult,
  model: MachineModel | undefined,
): { choice: PathChoice } | { problem: string } {
  const run = model?.runs.findIndex((r) => r.label === path.run) ?? -1;
  if (run < 0) return { problem: `el caso «${path.run}» ya no existe en el modelo de este flujo` };
  const steps = stepsOfPath(path.events);
  const outcome =
    path.status === 'passed'
      ? 'pasó'
      : path.failedStep === 0
        ? 'falló al abrir la página'
        : `falló en el paso ${path.failedStep ?? '?'}`;
  return {
    choice: {
      run,
      title: `Recorrido de QA ${path.id.split(' ')[0] ?? path.id} (${outcome}): ${steps.length} ${steps.length === 1 ? 'paso' : 'pasos'}`,
      steps,
    },
  };
}

/** State id -> the path that took its screenshots. */
export function screenTakers(results: MachineResults | undefined): Map<string, PathResult> {
  const out = new Map<string, PathResult>();
  for (const path of results?.paths ?? []) for (const id of path.screens) if (!out.has(id)) out.set(id, path);
  return out;
}

/** State id -> how its check failed, from the run's failed paths (the first path's, in run order). */
export function failedStates(results: MachineResults | undefined): Map<string, StateFailure> {
  const out = new Map<string, StateFailure>();
  for (const path of results?.paths ?? [])
    if (path.status !== 'passed' && path.failure && !out.has(path.failure.state))
      out.set(path.failure.state, path.failure);
  return out;
}

/**
 * What the diagram marks: the run's coverage, with the transitions declared unreachable not
 * marked, and the states whose check failed (drawn as failed, not as 'not covered').
 */
export function diagramCoverage(
  artifacts: Artifacts | undefined,
  machineId: string,
): MachineCoverage | undefined {
  const coverage = artifacts?.coverage.get(machineId);
  if (!coverage) return undefined;
  const results = artifacts?.results.get(machineId);
  const unreachable = Object.keys(results?.unreachable ?? {});
  const failed = failedStates(results);
  return {
    states: coverage.states,
    transitions:
      unreachable.length === 0 ? coverage.transitions : new Set([...coverage.transitions, ...unreachable]),
    ...(failed.size > 0 ? { failed } : {}),
  };
}

/** `más corto` or `simple`, as the paths panel names them. */
export function kindName(kind: PathResult['kind']): string {
  return kind === 'simple' ? 'simple' : 'más corto';
}
