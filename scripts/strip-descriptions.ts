import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * Takes the plain-Spanish `description` of every state and transition out of the machines in the
 * site's bundles. The descriptions are for product owners (docs/flows, Stately, the flow explorer,
 * which is built without this plugin), never shown to a visitor, and the wizard's alone weighed on
 * the registration page's JavaScript budget (docs/performance.md, "Measurements behind the code").
 * The machine files stay their single source.
 */
export const MACHINE_FILE = /[\\/]src[\\/]flows[\\/][^\\/]+[\\/][^\\/]+\.machine\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The source ranges of `description: '...'` properties (a string or a template without substitutions). */
export function descriptionRanges(program: unknown): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!isNode(node)) return;
    if (node.type === 'ObjectExpression' && Array.isArray(node.properties)) {
      for (const property of node.properties as Node[]) {
        const key = property.key as Node | undefined;
        const value = property.value as Node | undefined;
        const named = key?.type === 'Identifier' && key.name === 'description';
        const literal =
          (value?.type === 'Literal' && typeof value.value === 'string') ||
          (value?.type === 'TemplateLiteral' &&
            Array.isArray(value.expressions) &&
            value.expressions.length === 0);
        if (property.type === 'Property' && !property.computed && named && literal) {
          ranges.push([property.start, property.end]);
        }
      }
    }
    for (const [field, child] of Object.entries(node)) if (field !== 'type') visit(child);
  };
  visit(program);
  return ranges;
}

export function stripDescriptionsPlugin(): Plugin {
  return {
    name: 'strip-machine-descriptions',
    // After TypeScript is gone, so the parser reads plain JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!MACHINE_FILE.test(id.split('?')[0] ?? '')) return null;
      const ranges = descriptionRanges(this.parse(code));
      if (ranges.length === 0) return null;
      const out = new MagicString(code);
      for (const [start, end] of ranges) {
        // The property and the comma that follows it, if any.
        const after = code.slice(end).match(/^\s*,/)?.[0].length ?? 0;
        out.remove(start, end + after);
      }
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}
