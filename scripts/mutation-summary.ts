/**
 * The mutation run's summary (`npm run test:mutation`, issue #41): Stryker's report
 * (reports/mutation/mutation.json, git-ignored) reduced to what the team keeps and reads, in
 * tests/mutation/summary.json (committed):
 * - per mutated file, the score, the counts, the hash of the code the run mutated (codeSha256), so that
 *   `npm test` can tell when a machine changed after its last run (tests/unit/scripts/mutation-freshness.test.ts),
 *   and the versions of the flows it belongs to, so the explorer says when it shows another version's run;
 * - the machines a file defines, or, for a domain module, the machines that import it;
 * - every surviving mutant with the part of the flow it changes (a guard, an action, a delay, a
 *   state or one of its transitions, or a rule of a domain module), the code it changed, and the
 *   reason when it is listed as equivalent in tests/mutation/equivalent.ts.
 * A run limited with `--mutate` replaces only the files it mutated; the others keep their entry.
 * The explorer shows the summary on each flow's page and on the index.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import {
  MUTATION_GOAL,
  MUTATION_SUMMARY_VERSION,
  type FileSummary,
  type MutantTarget,
  type PartSummary,
  type MutationSummary,
  type Survivor,
} from '@tienda/flow-workbench/kit';
import {
  behaviourFiles,
  canonicalNode,
  codeFingerprint,
  flowVersions,
  machineFiles,
  machineIdsIn,
} from '@tienda/flow-workbench/behaviour';
import { EQUIVALENT_MUTANTS, type EquivalentMutant } from '../tests/mutation/equivalent';
import { PENDING_MUTATION } from '../tests/mutation/pending';

export { MUTATION_GOAL, machineIdsIn };
export const REPORT_FILE = 'reports/mutation/mutation.json';
export const SUMMARY_FILE = 'tests/mutation/summary.json';

/**
 * The part of Stryker's report this reads (the mutation-testing-report-schema's JSON, as its
 * jsonReporter writes it).
 */
interface ReportLocation {
  start: { line: number; column: number };
  end: { line: number; column: number };
}
export interface MutationReport {
  files: Record<
    string,
    {
      source: string;
      mutants: {
        id: string;
        mutatorName: string;
        replacement?: string;
        location: ReportLocation;
        status: string;
      }[];
    }
  >;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The summary's key for "the same code": the module's code as its meaning (../packages/flow-workbench/src/kit/behaviour.ts),
 * so reformatting (Prettier), a comment or reordered declarations do not call for a run, and any
 * changed value or rule does.
 */
export function codeSha256(source: string): string {
  return codeFingerprint(source);
}

/** The score as Stryker computes it: detected over valid mutants (NaN-free: 100 with none). */
export function scoreOf(counts: { killed: number; survived: number; noCoverage: number }): number {
  const valid = counts.killed + counts.survived + counts.noCoverage;
  return valid === 0 ? 100 : Math.floor((counts.killed / valid) * 1000) / 10;
}

function propertyName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)) return name.expression.text;
  return undefined;
}

function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

const SETUP_PARTS: Record<string, 'guard' | 'action' | 'delay' | 'actor'> = {
  guards: 'guard',
  actions: 'action',
  delays: 'delay',
  actors: 'actor',
};

/** The transitions of a state config by the key that holds them: `on.<event>`, `after.<delay>`, … */
const TRANSITION_KEYS = new Set(['on', 'after']);
const SINGLE_TRANSITIONS = new Set(['always', 'onDone', 'onError']);

/**
 * The part of a flow a position of a module (1-based line and column, as Stryker reports) belongs
 * to: walks up from the innermost node, keeping the keys of the object literals around it, and
 * reads them as `setup({ guards: { name } })`, `createMachine({ states: { a: { on: { ev } } } })`,
 * or else the module-level declaration that holds it.
 */
export function targetAt(source: string, line: number, column: number): MutantTarget {
  const file = ts.createSourceFile('m.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lines = source.split('\n');
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += (lines[i]?.length ?? 0) + 1;
  offset += column - 1;

  let node: ts.Node = file;
  for (;;) {
    const child: ts.Node | undefined = node
      .getChildren(file)
      .find((c) => c.getStart(file) <= offset && offset < c.getEnd());
    if (!child) break;
    node = child;
  }

  const keys: string[] = [];
  let declaration: string | undefined;
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    if (ts.isPropertyAssignment(current) || ts.isMethodDeclaration(current)) {
      const name = propertyName(current.name);
      if (name !== undefined) keys.unshift(name);
    }
    if (ts.isObjectLiteralExpression(current) && ts.isCallExpression(current.parent)) {
      const callee = calleeName(current.parent);
      if (callee === 'setup') {
        const part = keys[0] !== undefined ? SETUP_PARTS[keys[0]] : undefined;
        if (part && keys[1] !== undefined) return { kind: part, name: keys[1] };
        return { kind: 'module' };
      }
      if (callee === 'createMachine') return machineTarget(keys);
    }
    if (
      (ts.isFunctionDeclaration(current) || ts.isVariableDeclaration(current)) &&
      current.name &&
      ts.isIdentifier(current.name) &&
      (ts.isSourceFile(current.parent) ||
        (ts.isVariableDeclarationList(current.parent) &&
          ts.isVariableStatement(current.parent.parent) &&
          ts.isSourceFile(current.parent.parent.parent)))
    )
      declaration = current.name.text;
  }
  return declaration ? { kind: 'rule', name: declaration } : { kind: 'module' };
}

function machineTarget(keys: readonly string[]): MutantTarget {
  const statePath: string[] = [];
  let i = 0;
  while (keys[i] === 'states' && keys[i + 1] !== undefined) {
    statePath.push(keys[i + 1] as string);
    i += 2;
  }
  const key = keys[i];
  if (key !== undefined && TRANSITION_KEYS.has(key) && keys[i + 1] !== undefined)
    return {
      kind: 'state',
      path: statePath,
      event: key === 'after' ? `after:${keys[i + 1]}` : (keys[i + 1] as string),
    };
  if (key !== undefined && SINGLE_TRANSITIONS.has(key)) return { kind: 'state', path: statePath, event: key };
  if (key === 'invoke') {
    const inner = keys.slice(i + 1).find((k) => SINGLE_TRANSITIONS.has(k));
    if (inner) return { kind: 'state', path: statePath, event: inner };
  }
  return { kind: 'state', path: statePath };
}

/** A part's key, as the summary keeps it: `guard:isSituation`, `state:steps.contact|contact.submit`, `rule:quotePlans`, `module`. */
export function partKey(target: MutantTarget): string {
  switch (target.kind) {
    case 'state':
      return `state:${target.path.join('.')}${target.event === undefined ? '' : `|${target.event}`}`;
    case 'module':
      return 'module';
    default:
      return `${target.kind}:${target.name}`;
  }
}

/** One part of a mutated module: its key, its lines (1-based, both included) and its code's hash. */
export interface CodePart {
  key: string;
  start: number;
  end: number;
  sha256: string;
}

/**
 * A module cut into the parts a mutant can belong to (targetAt names the same ones): each guard,
 * action, delay and actor of `setup`, each state of `createMachine` and each of its transitions,
 * each top-level declaration, and the rest of the module (`module`). A part's hash is its code as
 * its meaning with its inner parts left out, so a changed guard changes that guard's part only.
 */
export function codeParts(source: string): CodePart[] {
  const file = ts.createSourceFile('m.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: { key: string; node: ts.Node }[] = [];
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name)
      found.push({ key: `rule:${statement.name.text}`, node: statement });
    else if (ts.isVariableStatement(statement)) {
      const { declarations } = statement.declarationList;
      for (const declaration of declarations)
        if (ts.isIdentifier(declaration.name))
          found.push({
            key: `rule:${declaration.name.text}`,
            node: declarations.length === 1 ? statement : declaration,
          });
    }
  }
  const transition = (path: string[], event: string, node: ts.Node) =>
    found.push({ key: partKey({ kind: 'state', path, event }), node });
  const state = (config: ts.ObjectLiteralExpression, path: string[]) => {
    found.push({ key: partKey({ kind: 'state', path }), node: config });
    for (const property of config.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const name = propertyName(property.name);
      const value = property.initializer;
      if (name === 'states' && ts.isObjectLiteralExpression(value)) {
        for (const child of value.properties) {
          const key = ts.isPropertyAssignment(child) ? propertyName(child.name) : undefined;
          if (
            key !== undefined &&
            ts.isPropertyAssignment(child) &&
            ts.isObjectLiteralExpression(child.initializer)
          )
            state(child.initializer, [...path, key]);
        }
      } else if (name !== undefined && TRANSITION_KEYS.has(name) && ts.isObjectLiteralExpression(value)) {
        for (const inner of value.properties) {
          const event = inner.name ? propertyName(inner.name) : undefined;
          if (event !== undefined) transition(path, name === 'after' ? `after:${event}` : event, inner);
        }
      } else if (name !== undefined && SINGLE_TRANSITIONS.has(name)) transition(path, name, property);
      else if (name === 'invoke' && ts.isObjectLiteralExpression(value))
        for (const inner of value.properties) {
          const key = inner.name ? propertyName(inner.name) : undefined;
          if (key !== undefined && SINGLE_TRANSITIONS.has(key)) transition(path, key, inner);
        }
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isObjectLiteralExpression(node.arguments[0] ?? node)) {
      const config = node.arguments[0] as ts.ObjectLiteralExpression;
      const callee = calleeName(node);
      if (callee === 'setup')
        for (const property of config.properties) {
          const kind = property.name ? SETUP_PARTS[propertyName(property.name) ?? ''] : undefined;
          if (kind && ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(property.initializer))
            for (const inner of property.initializer.properties) {
              const name = inner.name ? propertyName(inner.name) : undefined;
              if (name !== undefined) found.push({ key: `${kind}:${name}`, node: inner });
            }
        }
      if (callee === 'createMachine') state(config, []);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const apart = new Set(found.map((f) => f.node));
  const lineOf = (position: number) => file.getLineAndCharacterOfPosition(position).line + 1;
  const parts = found.map(({ key, node }) => ({
    key,
    start: lineOf(node.getStart(file)),
    end: lineOf(node.getEnd()),
    sha256: sha256(canonicalNode(node, { withoutDescriptions: false, apart })),
  }));
  parts.push({
    key: 'module',
    start: 1,
    end: source.split('\n').length,
    sha256: sha256(canonicalNode(file, { withoutDescriptions: false, apart })),
  });
  const seen = new Map<string, number>();
  return parts.map((part) => {
    const n = seen.get(part.key) ?? 0;
    seen.set(part.key, n + 1);
    return n === 0 ? part : { ...part, key: `${part.key}#${n}` };
  });
}

/** What a run needs to redo for a file: nothing, some parts (their keys and lines), or the whole file. */
export type StalePlan =
  | { kind: 'fresh' }
  | { kind: 'whole'; why: string }
  | { kind: 'parts'; parts: CodePart[]; removed: string[] };

/** Which parts of a file changed since its entry was made: the parts to mutate again. */
export function stalePlan(entry: FileSummary | undefined, source: string): StalePlan {
  if (!entry) return { kind: 'whole', why: 'nunca se mutó' };
  if (entry.sha256 === codeSha256(source)) return { kind: 'fresh' };
  if (!entry.parts) return { kind: 'whole', why: 'su resumen es de antes de las partes' };
  const current = codeParts(source);
  const changed = current.filter((part) => entry.parts?.[part.key]?.sha256 !== part.sha256);
  if (changed.some((part) => part.key === 'module' || part.key === 'state:'))
    return { kind: 'whole', why: 'cambió fuera de sus reglas y estados' };
  const keys = new Set(current.map((part) => part.key));
  const removed = Object.keys(entry.parts).filter((key) => !keys.has(key));
  // A part inside a changed one runs again with it.
  const within = (inner: CodePart) =>
    changed.some((outer) => outer !== inner && outer.start <= inner.start && inner.end <= outer.end);
  return { kind: 'parts', parts: current.filter((part) => changed.includes(part) || within(part)), removed };
}

/** Whether a listed equivalent mutant is this one: same file, mutator, and code before and after. */
export function equivalentOf(
  file: string,
  mutant: Pick<Survivor, 'mutator' | 'original' | 'replacement'> & { line: string },
  list: readonly EquivalentMutant[],
): EquivalentMutant | undefined {
  return list.find(
    (e) =>
      (typeof e.file === 'string' ? e.file === file : e.file.test(file)) &&
      (e.mutator === undefined || e.mutator === mutant.mutator) &&
      (typeof e.original === 'string' ? e.original === mutant.original : e.original.test(mutant.original)) &&
      (e.replacement === undefined || e.replacement === mutant.replacement) &&
      (e.line === undefined || e.line.test(mutant.line)),
  );
}

function sliceOf(source: string, location: ReportLocation): string {
  const lines = source.split('\n');
  const { start, end } = location;
  if (start.line === end.line) return (lines[start.line - 1] ?? '').slice(start.column - 1, end.column - 1);
  const first = (lines[start.line - 1] ?? '').slice(start.column - 1);
  const middle = lines.slice(start.line, end.line - 1);
  const last = (lines[end.line - 1] ?? '').slice(0, end.column - 1);
  return [first, ...middle, last].join('\n');
}

/** The module specifiers a source imports (static imports and re-exports). */
function importsOf(source: string): string[] {
  const file = ts.createSourceFile('m.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return file.statements.flatMap((s) =>
    (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) &&
    s.moduleSpecifier &&
    ts.isStringLiteral(s.moduleSpecifier)
      ? [s.moduleSpecifier.text]
      : [],
  );
}

/**
 * The summary of a report: each file it mutated replaces that file's entry in `previous`. `sources`
 * gives the machine modules' sources (file -> text) to find which machines import a domain module.
 */
export function summarize(
  report: MutationReport,
  previous: MutationSummary | undefined,
  options: {
    equivalents?: readonly EquivalentMutant[];
    machineSources: Record<string, string>;
    date?: string;
    /** Machine id -> the flow's version the run mutated (../packages/flow-workbench/src/kit/behaviour.ts). */
    versions?: Readonly<Record<string, string>>;
    /** File -> the keys of the parts the run mutated again (`--stale`); the other parts keep what `previous` says. */
    rerun?: Readonly<Record<string, readonly string[]>>;
  },
): MutationSummary {
  const equivalents = options.equivalents ?? EQUIVALENT_MUTANTS;
  const date = options.date ?? new Date().toISOString();
  const files: Record<string, FileSummary> = { ...(previous?.files ?? {}) };
  const machineIdsByFile = Object.fromEntries(
    Object.entries(options.machineSources).map(([file, source]) => [file, machineIdsIn(source)]),
  );
  for (const [rawFile, result] of Object.entries(report.files)) {
    const file = path.relative(process.cwd(), path.resolve(rawFile)).split(path.sep).join('/');
    const current = codeParts(result.source);
    const rerun = options.rerun?.[file] ? new Set(options.rerun[file]) : undefined;
    const before = files[file];
    // A run of some parts: the others keep what the last run found there.
    const merging = rerun !== undefined && before?.parts !== undefined;
    const zero = () => ({ killed: 0, survived: 0, noCoverage: 0, invalid: 0 });
    const partCounts = new Map<string, ReturnType<typeof zero>>(current.map((part) => [part.key, zero()]));
    const survivors: Survivor[] = [];
    for (const mutant of result.mutants) {
      const target = targetAt(result.source, mutant.location.start.line, mutant.location.start.column);
      const part = partKey(target);
      if (merging && !rerun.has(part)) continue;
      const counts = partCounts.get(part) ?? zero();
      partCounts.set(part, counts);
      switch (mutant.status) {
        case 'Killed':
        case 'Timeout':
          counts.killed++;
          break;
        case 'Survived':
        case 'NoCoverage': {
          if (mutant.status === 'Survived') counts.survived++;
          else counts.noCoverage++;
          const original = sliceOf(result.source, mutant.location);
          const base = {
            mutator: mutant.mutatorName,
            original,
            replacement: mutant.replacement ?? '',
          };
          const line = result.source.split('\n')[mutant.location.start.line - 1] ?? '';
          const equivalent = equivalentOf(file, { ...base, line }, equivalents);
          survivors.push({
            id: mutant.id,
            line: mutant.location.start.line,
            column: mutant.location.start.column,
            ...base,
            status: mutant.status,
            target,
            ...(equivalent ? { equivalent: equivalent.reason } : {}),
            part,
          });
          break;
        }
        case 'CompileError':
        case 'RuntimeError':
          counts.invalid++;
          break;
        default:
          break;
      }
    }
    const parts: Record<string, PartSummary> = {};
    for (const part of current) {
      const kept = merging && !rerun.has(part.key) ? before.parts?.[part.key] : undefined;
      parts[part.key] = kept
        ? { ...kept, line: part.start }
        : { sha256: part.sha256, line: part.start, ...(partCounts.get(part.key) ?? zero()) };
    }
    if (merging) {
      // The survivors of the parts that did not run again, moved with their part's lines.
      const startOf = new Map(current.map((part) => [part.key, part.start]));
      for (const survivor of before.survivors) {
        const key = survivor.part;
        if (key === undefined || rerun.has(key) || !startOf.has(key)) continue;
        const shift = (startOf.get(key) ?? 0) - (before.parts?.[key]?.line ?? 0);
        survivors.push({ ...survivor, line: survivor.line + shift });
      }
      survivors.sort((a, b) => a.line - b.line || a.column - b.column);
    }
    const counts = zero();
    for (const part of Object.values(parts)) {
      counts.killed += part.killed;
      counts.survived += part.survived;
      counts.noCoverage += part.noCoverage;
      counts.invalid += part.invalid;
    }
    const own = machineIdsIn(result.source);
    const machines =
      own.length > 0
        ? own
        : Object.entries(options.machineSources)
            .filter(([machineFile, source]) =>
              importsOf(source).some(
                (spec) =>
                  spec.startsWith('.') &&
                  path.posix.join(path.posix.dirname(machineFile), spec).replace(/\.ts$/, '') ===
                    file.replace(/\.ts$/, ''),
              ),
            )
            .flatMap(([machineFile]) => machineIdsByFile[machineFile] ?? []);
    const ids = [...new Set(machines)].sort();
    files[file] = {
      sha256: codeSha256(result.source),
      machines: ids,
      versions: Object.fromEntries(
        ids.flatMap((id) => (options.versions?.[id] ? [[id, options.versions[id]]] : [])),
      ),
      score: scoreOf(counts),
      ...counts,
      date,
      survivors,
      parts,
    };
  }
  const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
  return { version: MUTATION_SUMMARY_VERSION, files: sorted };
}

/** The table `npm run test:mutation` prints: one line per file, and the files below the goal. */
export function scoreTable(summary: MutationSummary): string {
  const rows = Object.entries(summary.files).map(([file, f]) => {
    const listed = f.survivors.filter((s) => s.equivalent !== undefined).length;
    const goal = f.score >= MUTATION_GOAL ? '' : `  < ${MUTATION_GOAL} %`;
    return `${f.score.toFixed(1).padStart(6)} %  ${String(f.killed).padStart(4)} muertos  ${String(f.survived + f.noCoverage).padStart(3)} vivos (${listed} equivalentes)  ${file}${goal}`;
  });
  return ['Puntaje de mutación por archivo (muertos / válidos):', ...rows].join('\n');
}

export function readSummary(file = SUMMARY_FILE): MutationSummary | undefined {
  if (!existsSync(file)) return undefined;
  const raw = JSON.parse(readFileSync(file, 'utf8')) as MutationSummary;
  return raw.version === MUTATION_SUMMARY_VERSION ? raw : undefined;
}

/** Every machine module's source, by its path from the repository root. */
function machineSources(): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const file of ts.sys.readDirectory('src/flows', ['.ts'], undefined, ['**/*.machine.ts']))
    sources[path.relative(process.cwd(), file).split(path.sep).join('/')] = readFileSync(file, 'utf8');
  return sources;
}

/** Writes the summary of the last report and prints the scores; `rerun`: the parts a `--stale` run mutated again. */
export function writeSummary(rerun?: Record<string, string[]>): void {
  if (!existsSync(REPORT_FILE)) {
    console.error(`No hay informe de mutación en ${REPORT_FILE}: corre primero \`npx stryker run\`.`);
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(REPORT_FILE, 'utf8')) as MutationReport;
  // The run's date is when Stryker wrote its report, so a summary written again keeps it.
  const date = statSync(REPORT_FILE).mtime.toISOString();
  const summary = summarize(report, readSummary(), {
    machineSources: machineSources(),
    date,
    versions: flowVersions(process.cwd()),
    ...(rerun ? { rerun } : {}),
  });
  writeFileSync(SUMMARY_FILE, `${JSON.stringify(summary, null, 2)}\n`);
  console.info(scoreTable(summary));
  console.info(`Resumen escrito en ${SUMMARY_FILE}; informe completo en reports/mutation/index.html.`);
}

/** Every file a flow's behaviour reads (its machine file included), from the repository root, sorted. */
export function filesFlowsRead(root = process.cwd()): string[] {
  const files = new Set<string>();
  for (const machine of machineFiles(root))
    for (const file of behaviourFiles(path.join(root, machine)))
      files.add(path.relative(root, file).split(path.sep).join('/'));
  return [...files].sort();
}

/**
 * The files the mutation run mutates: found, not listed: every machine and every module their
 * behaviour reads, but those tests/mutation/pending.ts holds back with a reason.
 */
export function mutatedFiles(root = process.cwd()): string[] {
  return filesFlowsRead(root).filter((file) => PENDING_MUTATION[file] === undefined);
}

/** The mutation run `--stale` makes: per file, what it redoes (the freshness test prints the same). */
export function stalePlans(files: readonly string[], summary: MutationSummary | undefined) {
  return files
    .map((file) => ({ file, plan: stalePlan(summary?.files[file], readFileSync(file, 'utf8')) }))
    .filter(({ plan }) => plan.kind !== 'fresh');
}

/** One line per stale file: what `--stale` mutates again in it. */
export function staleLine({ file, plan }: ReturnType<typeof stalePlans>[number]): string {
  if (plan.kind === 'whole') return `${file}: todo el archivo (${plan.why})`;
  if (plan.kind === 'parts' && plan.parts.length > 0)
    return `${file}: ${plan.parts.map((p) => `${p.key} (líneas ${p.start}-${p.end})`).join(', ')}`;
  return `${file}: solo se quitan las partes que ya no existen`;
}

/**
 * `--stale`: mutates again only what changed since the summary was made (the parts of a file with
 * parts in the summary, the whole file otherwise), then merges it into the summary. The one command
 * the freshness test asks for.
 */
async function runStale(): Promise<void> {
  const summary = readSummary();
  const plans = stalePlans(mutatedFiles(), summary);
  if (plans.length === 0) {
    console.info('El resumen de mutación ya es del código de hoy: no hay nada que mutar.');
    return;
  }
  for (const plan of plans) console.info(staleLine(plan));
  const patterns: string[] = [];
  const rerun: Record<string, string[]> = {};
  const prune: string[] = [];
  for (const { file, plan } of plans) {
    if (plan.kind === 'whole') patterns.push(file);
    else if (plan.kind === 'parts' && plan.parts.length > 0) {
      patterns.push(...plan.parts.map((part) => `${file}:${part.start}-${part.end}`));
      rerun[file] = plan.parts.map((part) => part.key);
    } else prune.push(file);
  }
  if (prune.length > 0 && summary) {
    // Nothing left to mutate in them: their parts that no longer exist leave the summary.
    const report: MutationReport = {
      files: Object.fromEntries(
        prune.map((file) => [file, { source: readFileSync(file, 'utf8'), mutants: [] }]),
      ),
    } as MutationReport;
    const pruned = summarize(report, summary, {
      machineSources: machineSources(),
      date: new Date().toISOString(),
      versions: flowVersions(process.cwd()),
      rerun: Object.fromEntries(prune.map((file) => [file, []])),
    });
    for (const file of prune) {
      const entry = pruned.files[file];
      if (entry) summary.files[file] = { ...entry, date: summary.files[file]?.date ?? entry.date };
    }
    writeFileSync(SUMMARY_FILE, `${JSON.stringify(summary, null, 2)}\n`);
  }
  if (patterns.length === 0) return;
  const run = spawnSync('npx', ['stryker', 'run', '--mutate', patterns.join(','), '--force'], {
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
  writeSummary(rerun);
}

/**
 * `npm run test:mutation [-- <stryker options>]`: the run (incremental, stryker.config.mjs), then
 * the summary. The options go to Stryker: `-- --mutate src/flows/newsletter/newsletter.machine.ts`.
 * `-- --stale`: only what changed since the summary (runStale).
 */
async function main(): Promise<void> {
  // `-- --summary-only`: the summary of the last report again (after editing tests/mutation/equivalent.ts).
  if (process.argv.includes('--summary-only')) {
    writeSummary();
    return;
  }
  if (process.argv.includes('--stale')) {
    await runStale();
    return;
  }
  const options = process.argv.slice(2);
  // A run limited to some files is asked for because they changed or their tests did: every mutant
  // of them runs again, also a survivor of a machine's definition that incremental mode would keep.
  if (options.includes('--mutate') && !options.includes('--force')) options.push('--force');
  // A whole run mutates the files found from the machines (mutatedFiles), not a list kept by hand.
  else if (!options.includes('--mutate')) options.push('--mutate', mutatedFiles().join(','));
  const run = spawnSync('npx', ['stryker', 'run', ...options], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  writeSummary();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
