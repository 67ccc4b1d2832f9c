/**
 * What a machine would do with an event in a snapshot, read from its own definition without
 * sending it: whether it is accepted and where it leads (to a failure state or not), or why it is
 * refused (the guards that do not hold, by name; the catalogue's notes say what each means). The
 * flow explorer shows refused events with their reason and colours an event, an answer or an edge
 * by where it leads; the kit can also tell which answers of an invoked actor the machine handles
 * (an answer nobody handles stops the machine with an error).
 *
 * Public XState API only: `machine.getTransitionData(snapshot, event)` is what `snapshot.can`
 * itself uses, `StateNode.transitions` lists each state's candidates for an event, and the pure
 * `transition` looks one event ahead (the explorer's corrections beside a refusal).
 */
import { transition, type AnyStateNode, type AnyTransitionDefinition, type EventObject } from 'xstate';
import { activeStateNodes, type AnySnapshot } from './graph';
import { guardCode, readGuard } from './guard-tree';
import { isXStateEvent } from './conventions';

/** The tag prefix of the screens that show a failure (`failure.create`). */
const FAILURE_TAG = /^failure(\.|$)/;
/** State keys that name a failure: `failed`, `error`, `sdkFailed`, `saveError`. */
const FAILURE_KEY = /^(failed|error)$|[a-z0-9](Failed|Error)$/;

/** The rule for one state, by its key and tags (the machine's root never counts by its key). */
export function namesFailure(key: string, tags: Iterable<string>, root = false): boolean {
  return (!root && FAILURE_KEY.test(key)) || [...tags].some((tag) => FAILURE_TAG.test(tag));
}

/** A state that shows a failure: a `failure.*` tag, a key naming one, or inside such a state. */
export function isFailureState(node: AnyStateNode): boolean {
  for (let n: AnyStateNode | undefined = node; n; n = n.parent)
    if (namesFailure(n.key, n.tags, n.parent === undefined)) return true;
  return false;
}

/** The state a target enters, down its initial children (a compound target enters its initial child). */
function entered(target: AnyStateNode): AnyStateNode[] {
  const out = [target];
  for (let n: AnyStateNode | undefined = target; n && n.type === 'compound';) {
    n = n.initial?.target[0];
    if (n) out.push(n);
  }
  return out;
}

/** Whether a transition with these targets leads to a failure state (a transition without a target does not). */
export function leadsToFailure(targets: readonly AnyStateNode[] | undefined): boolean {
  return (targets ?? []).some((t) => entered(t).some(isFailureState));
}

export type Verdict =
  | {
      accepted: true;
      /** The transitions the event would take (one per region at most). */
      transitions: AnyTransitionDefinition[];
      /** Every state id a transition targets. */
      targets: string[];
      /** One of them leads to a failure state. */
      toFailure: boolean;
    }
  | {
      accepted: false;
      /**
       * `guards`: every transition for it has a guard that does not hold (`guards`, by name);
       * `unhandled`: no active state has a transition for it; `ignored`: a state ignores it on
       * purpose (a transition without target or actions); `threw`: a guard threw (`message`).
       */
      why: 'guards' | 'unhandled' | 'ignored' | 'threw';
      guards: string[];
      message?: string;
    };

/** The transitions of the active states for this event type (their own and the wildcard's). */
export function candidates(snapshot: AnySnapshot, type: string): AnyTransitionDefinition[] {
  return activeStateNodes(snapshot).flatMap((node) => [
    ...(node.transitions.get(type) ?? []),
    ...(isXStateEvent(type) ? [] : (node.transitions.get('*') ?? [])),
  ]);
}

/** Whether an active state has a transition for this event type (guarded or not). */
export function handles(snapshot: AnySnapshot, type: string): boolean {
  return candidates(snapshot, type).length > 0;
}

/** What the machine would do with `event` now (the snapshot of an active machine). */
export function eventVerdict(snapshot: AnySnapshot, event: EventObject): Verdict {
  const all = candidates(snapshot, event.type);
  if (all.length === 0) return { accepted: false, why: 'unhandled', guards: [] };
  let taken: AnyTransitionDefinition[];
  try {
    taken = snapshot.machine.getTransitionData(snapshot as never, event) as AnyTransitionDefinition[];
  } catch (error) {
    return {
      accepted: false,
      why: 'threw',
      guards: [],
      message: error instanceof Error ? error.message : String(error),
    };
  }
  const effective = taken.filter((t) => t.target !== undefined || t.actions.length > 0);
  if (effective.length === 0) {
    if (taken.length > 0) return { accepted: false, why: 'ignored', guards: [] };
    const guards = [
      ...new Set(all.filter((t) => t.guard !== undefined).map((t) => guardCode(readGuard(t.guard)))),
    ];
    return { accepted: false, why: 'guards', guards };
  }
  const targets = effective.flatMap((t) => (t.target ?? []) as AnyStateNode[]);
  return {
    accepted: true,
    transitions: effective,
    targets: targets.map((n) => n.id),
    toFailure: leadsToFailure(targets),
  };
}

/**
 * The guards an event fails before the machine takes, in the same state, a transition without a
 * guard listed after them (an "otherwise": the form is only marked invalid, the rules' answer
 * sends the visitor back to a field): the rule said no to the value and the machine went the other
 * way. Empty when the event is refused, or taken by a guarded transition or by the only one.
 */
export function fallbackGuards(snapshot: AnySnapshot, event: EventObject): string[] {
  let taken: AnyTransitionDefinition[];
  try {
    taken = snapshot.machine.getTransitionData(snapshot as never, event) as AnyTransitionDefinition[];
  } catch {
    return [];
  }
  const guards = new Set<string>();
  for (const t of taken) {
    if (t.guard !== undefined) continue;
    const listed = (t.source as AnyStateNode).transitions.get(event.type) ?? [];
    const index = listed.indexOf(t);
    for (const before of listed.slice(0, Math.max(index, 0)))
      if (before.guard !== undefined) guards.add(guardCode(readGuard(before.guard)));
  }
  return [...guards];
}

/**
 * The snapshot the machine would be in after this event, computed without running anything
 * (XState's pure `transition`: no action is executed, no actor is started), or undefined when the
 * machine would throw.
 */
export function nextSnapshot(snapshot: AnySnapshot, event: EventObject): AnySnapshot | undefined {
  try {
    const [next] = transition(snapshot.machine, snapshot as never, event);
    return next as AnySnapshot;
  } catch {
    return undefined;
  }
}
