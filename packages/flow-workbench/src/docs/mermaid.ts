/**
 * The Mermaid stateDiagram-v2 of a machine, walked from machine.root: the states by their names in
 * the code, each edge labelled `event [guard] / actions` with the flow explorer's Spanish words
 * around the identifiers (`tras redirectDelay (2 s)`, `createLead responde`, `inmediata`).
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  actionNames,
  childNodes,
  collectTransitions,
  relativePath,
  transitionCode,
  type TransitionInfo,
} from './walk';

function mermaidId(node: AnyStateNode): string {
  return node.id.replace(/[^A-Za-z0-9]/g, '_');
}

function clean(text: string): string {
  return text
    .replace(/[#;"\n\r]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function ancestry(node: AnyStateNode): AnyStateNode[] {
  const chain: AnyStateNode[] = [];
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) chain.unshift(n);
  return chain;
}

interface Edge {
  block: AnyStateNode;
  line: string;
}

/**
 * Mermaid cannot draw an edge between states nested in different composite states, so an edge
 * is drawn between the two ancestors that are siblings (children of the nearest common state),
 * and the label names the nested source or target (`desde ...`, `hacia ...`).
 */
function edgeFor(machine: AnyStateMachine, t: TransitionInfo, target: AnyStateNode | undefined): Edge {
  const label = transitionCode(machine, t);
  const source = t.source;
  const parentBlock = source.parent ?? source;
  if (!target || target === source) {
    return { block: parentBlock, line: `${mermaidId(source)} --> ${mermaidId(source)} : ${clean(label)}` };
  }
  const a = ancestry(source);
  const b = ancestry(target);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = a[i];
  const to = b[i];
  if (!from || !to) {
    // One is an ancestor of the other: a loop on the outer one, naming the inner one.
    const outer = from ? target : source;
    const inner = from ? source : target;
    const detail = from ? `(desde ${relativePath(outer, inner)}) ` : '';
    const suffix = from ? '' : ` (hacia ${relativePath(outer, inner)})`;
    return {
      block: outer.parent ?? outer,
      line: `${mermaidId(outer)} --> ${mermaidId(outer)} : ${clean(`${detail}${label}${suffix}`)}`,
    };
  }
  const block = a[i - 1] ?? machine.root;
  const prefix = from === source ? '' : `(desde ${relativePath(from, source)}) `;
  const suffix = to === target ? '' : ` (hacia ${relativePath(to, target)})`;
  return { block, line: `${mermaidId(from)} --> ${mermaidId(to)} : ${clean(`${prefix}${label}${suffix}`)}` };
}

function stateNotes(node: AnyStateNode): string[] {
  const lines: string[] = [];
  const entry = actionNames(node.entry);
  if (entry.length > 0) lines.push(`al entrar / ${entry.join(', ')}`);
  for (const inv of node.invoke) lines.push(`llama a ${typeof inv.src === 'string' ? inv.src : inv.id}`);
  if (node.tags.length > 0) lines.push(`etiquetas ${node.tags.join(', ')}`);
  return lines;
}

export function renderMermaid(machine: AnyStateMachine): string {
  const edges = new Map<AnyStateNode, string[]>();
  for (const t of collectTransitions(machine)) {
    const targets = t.targets.length > 0 ? t.targets : [undefined];
    for (const target of targets) {
      const edge = edgeFor(machine, t, target);
      const list = edges.get(edge.block) ?? [];
      list.push(edge.line);
      edges.set(edge.block, list);
    }
  }

  const lines: string[] = ['stateDiagram-v2'];
  const push = (depth: number, line: string) => lines.push(`${'  '.repeat(depth)}${line}`);

  const renderState = (node: AnyStateNode, depth: number) => {
    const label = node.key;
    if (childNodes(node).length > 0) {
      push(
        depth,
        `state "${label}${node.type === 'parallel' ? ' (en paralelo)' : ''}" as ${mermaidId(node)} {`,
      );
      renderBlock(node, depth + 1);
      push(depth, '}');
    } else {
      push(depth, `state "${label}" as ${mermaidId(node)}`);
      for (const note of stateNotes(node)) push(depth, `${mermaidId(node)} : ${clean(note)}`);
    }
  };

  const renderBlock = (node: AnyStateNode, depth: number) => {
    const children = childNodes(node);
    if (node.type === 'parallel') {
      children.forEach((region, index) => {
        if (index > 0) push(depth, '--');
        renderState(region, depth);
      });
    } else {
      const initial = node.initial?.target[0];
      if (initial) push(depth, `[*] --> ${mermaidId(initial)}`);
      for (const child of children) renderState(child, depth);
      for (const child of children) if (child.type === 'final') push(depth, `${mermaidId(child)} --> [*]`);
    }
    for (const line of edges.get(node) ?? []) push(depth, line);
  };

  const root = machine.root;
  if (root.type === 'parallel') {
    push(1, `[*] --> ${mermaidId(root)}`);
    renderState(root, 1);
  } else {
    renderBlock(root, 1);
  }
  return `${lines.join('\n')}\n`;
}
