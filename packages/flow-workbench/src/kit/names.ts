import type { AnyStateNode } from 'xstate';

/**
 * Names as a machine definition gives them (actions, guards, actors), shared by the docs
 * generator and the flow explorer so the diagrams and the explorer label a chart alike.
 */
export function nameOf(ref: unknown): string {
  if (typeof ref === 'string') return ref;
  if (typeof ref === 'object' && ref !== null && 'type' in ref && typeof ref.type === 'string')
    return ref.type;
  if (typeof ref === 'function') return ref.name || 'inline';
  return 'inline';
}

/** Named actions only: built-in ones (the raise that schedules an `after`) are left out. */
export function actionNames(actions: readonly unknown[]): string[] {
  return actions.filter((a) => typeof a !== 'function').map(nameOf);
}

export function invokeSrc(node: AnyStateNode, id: string): string {
  const def = node.invoke.find((inv) => inv.id === id);
  return def && typeof def.src === 'string' ? def.src : id;
}
