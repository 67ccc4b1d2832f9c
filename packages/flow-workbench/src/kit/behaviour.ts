/**
 * A flow's version is its behaviour. The fingerprint of a machine is the code that decides what
 * the machine does: its machine file (states, transitions, targets, guards and their parameters,
 * delays, tags, actions, meta) and, followed through every relative import, each declaration of
 * another module that code reads (the constants a delay resolves to, a guard's rule, a price, a
 * limit, a child machine), and the declarations those read in turn.
 *
 * Each declaration is read as its syntax tree, not as text: whitespace, comments, quotes, trailing
 * commas, semicolons, parentheses, types (annotations, `as`, `satisfies`, interfaces) and the order
 * of top-level declarations do not change it; the `description` of a state or transition (for
 * product owners, stripped from the pages) does not either. What the declarations say does: a
 * delay of 12 s made 8 s is a new version, a reformatted machine is the same one. A file moved or
 * renamed keeps its version (paths are not part of it); a declaration of a domain module that no
 * machine reads never changes any flow's version.
 *
 * Node only (it reads the files with TypeScript's parser): the pages and the explorer get the
 * versions computed at build time.
 */
import { createHash } from 'node:crypto';
import { existsSync, globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Where a site keeps its machines, relative to its root: `src/flows/<flow>/<name>.machine.ts`. */
export const MACHINE_FILES = 'src/flows/*/*.machine.ts';

/** A machine file: its `description`s are for product owners. */
const MACHINE_FILE = /\.machine\.tsx?$/;

const RESOLVE_EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The nodes that are about types only: they never change what runs. */
function isTypeOnly(node: ts.Node): boolean {
  return (
    ts.isTypeNode(node) ||
    ts.isTypeParameterDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    (ts.isImportDeclaration(node) && node.importClause?.isTypeOnly === true) ||
    (ts.isExportDeclaration(node) && node.isTypeOnly) ||
    (ts.isImportSpecifier(node) && node.isTypeOnly) ||
    (ts.isExportSpecifier(node) && node.isTypeOnly) ||
    (ts.isHeritageClause(node) && node.token === ts.SyntaxKind.ImplementsKeyword) ||
    node.kind === ts.SyntaxKind.DeclareKeyword
  );
}

/** A property name as it means: `a`, `'a'` and `"a"` are the same key. */
function keyText(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name))
    return name.text;
  if (ts.isNumericLiteral(name)) return String(Number(name.text.replaceAll('_', '')));
  return undefined;
}

/** A `description: '…'` property: words for product owners, not behaviour. */
function isDescription(node: ts.Node): boolean {
  return (
    ts.isPropertyAssignment(node) &&
    keyText(node.name) === 'description' &&
    (ts.isStringLiteral(node.initializer) ||
      ts.isNoSubstitutionTemplateLiteral(node.initializer) ||
      ts.isTemplateExpression(node.initializer) ||
      ts.isBinaryExpression(node.initializer))
  );
}

interface ReadOptions {
  /** Leave out `description` properties (the machine file's). */
  withoutDescriptions: boolean;
  /** Nodes read apart (each its own part): a mark in their place. */
  apart?: ReadonlySet<ts.Node>;
}

/** The node as its meaning: kinds and values, nothing of how it is written. */
export function canonicalNode(node: ts.Node, options: ReadOptions = { withoutDescriptions: false }): string {
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (isTypeOnly(n)) return;
    if (options.withoutDescriptions && isDescription(n)) return;
    if (n !== node && options.apart?.has(n)) {
      out.push('<part>');
      return;
    }
    if (
      ts.isParenthesizedExpression(n) ||
      ts.isAsExpression(n) ||
      ts.isSatisfiesExpression(n) ||
      ts.isNonNullExpression(n) ||
      ts.isTypeAssertionExpression(n)
    ) {
      visit(n.expression);
      return;
    }
    if (ts.isIdentifier(n) || ts.isPrivateIdentifier(n)) {
      out.push(`i:${n.text}`);
      return;
    }
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) {
      out.push(`s:${JSON.stringify(n.text)}`);
      return;
    }
    if (ts.isNumericLiteral(n)) {
      out.push(`n:${Number(n.text.replaceAll('_', ''))}`);
      return;
    }
    if (ts.isBigIntLiteral(n)) {
      out.push(`b:${n.text.replaceAll('_', '')}`);
      return;
    }
    if (ts.isTemplateLiteralToken(n) || ts.isRegularExpressionLiteral(n)) {
      out.push(`${ts.SyntaxKind[n.kind]}:${JSON.stringify(n.text)}`);
      return;
    }
    if (ts.isPropertyAssignment(n) || ts.isMethodDeclaration(n) || ts.isPropertyDeclaration(n)) {
      const key = keyText(n.name);
      if (key !== undefined) {
        out.push(`(${ts.SyntaxKind[n.kind]} k:${JSON.stringify(key)}`);
        n.forEachChild((child) => {
          if (child !== n.name) visit(child);
        });
        out.push(')');
        return;
      }
    }
    out.push(`(${ts.SyntaxKind[n.kind]}`);
    if (ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n))
      out.push(ts.SyntaxKind[n.operator] ?? String(n.operator));
    n.forEachChild(visit);
    out.push(')');
  };
  visit(node);
  return out.join(' ');
}

/** The names a node reads (every identifier in it but its types'): the declarations it may need. */
function namesRead(node: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (isTypeOnly(n)) return;
    if (ts.isIdentifier(n)) names.add(n.text);
    n.forEachChild(visit);
  };
  visit(node);
  return names;
}

interface Import {
  file: string | null;
  /** The name in the other module; `*` for a namespace import. */
  name: string;
}

interface Module {
  file: string;
  /** Top-level name -> the statements declaring it. */
  declarations: Map<string, ts.Statement[]>;
  /** Local name -> where it comes from. */
  imports: Map<string, Import>;
  /** Exported name -> the local name it exports, or the module it comes from. */
  exports: Map<string, { local: string } | Import>;
  /** `export * from`: the modules whose exports this one passes on. */
  stars: (string | null)[];
  /** Statements that run on import and declare nothing (a call at the top level). */
  effects: ts.Statement[];
  /** Every statement that is not only types, for reading a whole module. */
  statements: ts.Statement[];
}

/** Thrown when a machine reads a module whose code cannot be read here: its version would miss changes. */
export class UnreadableModuleError extends Error {}

/** A relative import's file, null for a package; a file that is not TypeScript or JavaScript is marked unreadable. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  if (existsSync(base) && /\.[cm]?[jt]sx?$/.test(base)) return base;
  const stripped = base.replace(/\.[cm]?js$/, '');
  for (const ext of RESOLVE_EXTENSIONS) if (existsSync(stripped + ext)) return stripped + ext;
  return `${UNREADABLE}${base}`;
}

const UNREADABLE = 'unreadable:';

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) =>
    ts.isOmittedExpression(element) ? [] : bindingNames(element.name),
  );
}

function parseModule(file: string): Module {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const module: Module = {
    file,
    declarations: new Map(),
    imports: new Map(),
    exports: new Map(),
    stars: [],
    effects: [],
    statements: [],
  };
  const declare = (name: string, statement: ts.Statement) => {
    module.declarations.set(name, [...(module.declarations.get(name) ?? []), statement]);
  };
  const exported = (statement: ts.Statement) =>
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const isDefault = (statement: ts.Statement) =>
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  for (const statement of source.statements) {
    if (isTypeOnly(statement)) continue;
    if (ts.isImportDeclaration(statement)) {
      const from = resolveImport(file, (statement.moduleSpecifier as ts.StringLiteral).text);
      const clause = statement.importClause;
      if (clause?.name) module.imports.set(clause.name.text, { file: from, name: 'default' });
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings))
        module.imports.set(bindings.name.text, { file: from, name: '*' });
      else if (bindings)
        for (const element of bindings.elements) {
          if (element.isTypeOnly) continue;
          module.imports.set(element.name.text, {
            file: from,
            name: (element.propertyName ?? element.name).text,
          });
        }
      continue;
    }
    if (ts.isExportDeclaration(statement)) {
      const from = statement.moduleSpecifier
        ? resolveImport(file, (statement.moduleSpecifier as ts.StringLiteral).text)
        : undefined;
      const clause = statement.exportClause;
      if (!clause) {
        module.stars.push(from ?? null);
        continue;
      }
      if (ts.isNamespaceExport(clause)) {
        module.exports.set(clause.name.text, { file: from ?? null, name: '*' });
        continue;
      }
      for (const element of clause.elements) {
        if (element.isTypeOnly) continue;
        const inner = (element.propertyName ?? element.name).text;
        module.exports.set(
          element.name.text,
          from === undefined ? { local: inner } : { file: from, name: inner },
        );
      }
      continue;
    }
    module.statements.push(statement);
    if (ts.isExportAssignment(statement)) {
      declare('default', statement);
      module.exports.set('default', { local: 'default' });
      continue;
    }
    const names: string[] = [];
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        names.push(...bindingNames(declaration.name));
    else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    )
      names.push(statement.name.text);
    if (names.length === 0) {
      if (isDefault(statement)) {
        declare('default', statement);
        module.exports.set('default', { local: 'default' });
      } else module.effects.push(statement);
      continue;
    }
    for (const name of names) {
      declare(name, statement);
      if (exported(statement)) module.exports.set(isDefault(statement) ? 'default' : name, { local: name });
    }
  }
  return module;
}

/**
 * The canonical texts of every declaration a machine file's behaviour depends on, sorted: the
 * machine file's own statements, and what they read of other modules, followed to the end.
 */
export function behaviourParts(machineFile: string): string[] {
  return readBehaviour(machineFile).parts;
}

/** The files whose declarations a machine file's behaviour reads, itself included, sorted. */
export function behaviourFiles(machineFile: string): string[] {
  return readBehaviour(machineFile).files;
}

function readBehaviour(machineFile: string): { parts: string[]; files: string[] } {
  const modules = new Map<string, Module>();
  const moduleOf = (file: string): Module => {
    let module = modules.get(file);
    if (!module) {
      module = parseModule(file);
      modules.set(file, module);
    }
    return module;
  };
  const root = path.resolve(machineFile);
  const taken = new Set<ts.Statement>();
  const parts: string[] = [];
  const pending: { module: Module; statement: ts.Statement }[] = [];
  const take = (module: Module, statement: ts.Statement) => {
    if (taken.has(statement)) return;
    taken.add(statement);
    pending.push({ module, statement });
  };
  const seenExports = new Set<string>();
  /** The declaration `name` exported by `file`, through re-exports. */
  const takeExport = (file: string | null, name: string) => {
    if (file === null) return;
    if (file.startsWith(UNREADABLE))
      throw new UnreadableModuleError(
        `A flow's version cannot read ${path.relative(process.cwd(), file.slice(UNREADABLE.length))} (not a TypeScript or JavaScript module), which ${path.relative(process.cwd(), root)} reads: move the values into a .ts module.`,
      );
    const key = `${file}\0${name}`;
    if (seenExports.has(key)) return;
    seenExports.add(key);
    const module = moduleOf(file);
    for (const statement of module.effects) take(module, statement);
    if (name === '*') {
      for (const statement of module.statements) take(module, statement);
      for (const [exportedName] of module.exports) takeExport(file, exportedName);
      for (const star of module.stars) takeExport(star, '*');
      return;
    }
    const target = module.exports.get(name);
    if (target && 'local' in target) takeLocal(module, target.local);
    else if (target) takeExport(target.file, target.name);
    else for (const star of module.stars) takeExport(star, name);
  };
  const takeLocal = (module: Module, name: string) => {
    for (const statement of module.declarations.get(name) ?? []) take(module, statement);
    const imported = module.imports.get(name);
    if (imported) takeExport(imported.file, imported.name);
  };
  const machine = moduleOf(root);
  for (const statement of machine.statements) take(machine, statement);
  const files = new Set<string>();
  while (pending.length > 0) {
    const { module, statement } = pending.pop()!;
    files.add(module.file);
    parts.push(canonicalNode(statement, { withoutDescriptions: MACHINE_FILE.test(module.file) }));
    for (const name of namesRead(statement)) takeLocal(module, name);
  }
  return { parts: parts.sort(), files: [...files].sort() };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A flow's version: eight hexadecimal digits of the SHA-256 of its behaviour's parts. */
export function behaviourVersion(machineFile: string): string {
  return sha256(behaviourParts(machineFile).join('\n')).slice(0, 8);
}

/**
 * A module's code as its meaning (every statement but types, each read as canonicalNode reads it,
 * in any order), as a SHA-256: the mutation summary's key for "the same code". Formatting,
 * comments, quotes, types and the order of declarations do not change it.
 */
export function codeFingerprint(text: string): string {
  const source = ts.createSourceFile('code.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const parts = source.statements.filter((s) => !isTypeOnly(s)).map((s) => canonicalNode(s));
  return sha256(parts.sort().join('\n'));
}

/** The ids of the machines a machine module creates (`createMachine({ id: '…' })`), in order. */
export function machineIdsIn(text: string): string[] {
  const source = ts.createSourceFile('machine.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const ids: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : undefined;
      const config = n.arguments[0];
      if (name === 'createMachine' && config && ts.isObjectLiteralExpression(config)) {
        for (const property of config.properties) {
          if (
            ts.isPropertyAssignment(property) &&
            keyText(property.name) === 'id' &&
            ts.isStringLiteralLike(property.initializer)
          )
            ids.push(property.initializer.text);
        }
      }
    }
    n.forEachChild(visit);
  };
  visit(source);
  return ids;
}

/** The machine files of a site, relative to its root, sorted. */
export function machineFiles(root: string): string[] {
  return globSync(MACHINE_FILES, { cwd: root }).sort();
}

/** Machine id -> its version, for every machine of the site under `root`. */
export function flowVersions(root: string): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const file of machineFiles(root)) {
    const absolute = path.join(root, file);
    const version = behaviourVersion(absolute);
    for (const id of machineIdsIn(readFileSync(absolute, 'utf8'))) versions[id] = version;
  }
  return versions;
}
