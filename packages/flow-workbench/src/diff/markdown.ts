/**
 * The flows' changes as Markdown in Spanish, one section per changed flow, for a review. States
 * and guards are named by their description (the catalogue's note for a guard) when they have
 * one, else by their id or name; transitions by their description, else by their event and state.
 */
import { stableJson, type FlowChange, type FlowsDiff, type Trigger } from './diff';
import type { FlowSnapshot, FlowsSnapshot, StateType, TransitionSnapshot } from './snapshot';
import { parseDoneStateEvent } from '../kit/conventions';

export const NO_CHANGES = 'sin cambios en los flujos';

export const TYPE_NAMES: Record<StateType, string> = {
  atomic: 'simple',
  compound: 'compuesto',
  parallel: 'paralelo',
  final: 'final',
  history: 'de historial',
};

/** 'a', 'a y b', 'a, b y c'. */
export function listEs(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}

export const code = (text: string) => `\`${text}\``;
export const codes = (items: readonly string[]) => listEs(items.map(code));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A description as a quoted name: one line, without its final period. */
export function quoted(text: string): string {
  return `«${text.replace(/\s+/g, ' ').trim().replace(/\.+$/, '')}»`;
}

function msText(ms: number | null): string {
  return ms === null ? 'un tiempo calculado' : `${ms} ms`;
}

/** How the summary names a flow's states, guards and transitions, in one snapshot's terms. */
export class FlowText {
  constructor(private readonly flow: FlowSnapshot) {}

  /** «description» of a state, else «id». */
  state(path: string): string {
    const state = this.flow.states.find((s) => s.path === path);
    if (!state) return quoted(path);
    return quoted(state.description ?? state.id);
  }

  states(paths: readonly string[]): string {
    return listEs(paths.map((p) => this.state(p)));
  }

  /** 'El flujo' for the root, else 'El estado «…»'. */
  subject(path: string): string {
    return path === '' ? 'El flujo' : `El estado ${this.state(path)}`;
  }

  /** 'el flujo' for the root, else '«…»'. */
  object(path: string): string {
    return path === '' ? 'el flujo' : this.state(path);
  }

  guard(name: string): string {
    return quoted(this.flow.guards[name] ?? name);
  }

  transition(key: string): TransitionSnapshot {
    const t = this.flow.transitions.find((x) => x.key === key);
    if (!t) throw new Error(`no transition ${key} in ${this.flow.slug}`);
    return t;
  }

  /** What sets a transition off: '`contact.submit`', 'tras `redirectDelay` (2000 ms)', 'al terminar `createLead`'. */
  trigger(t: Trigger): string {
    switch (t.kind) {
      case 'after':
        return `tras ${code(t.event)} (${msText(t.delay?.ms ?? null)})`;
      case 'done':
        return `al terminar ${code(t.event)}`;
      case 'error':
        return `si falla ${code(t.event)}`;
      case 'always':
        return 'de inmediato';
      default: {
        const finished = parseDoneStateEvent(t.event);
        const done = this.flow.states.find((s) => s.id === finished);
        return done ? `al completarse ${this.state(done.path)}` : code(t.event);
      }
    }
  }

  /** The trigger after a verb: 'con `contact.submit`', 'tras …'. */
  triggerPhrase(t: Trigger): string {
    return t.kind === 'event' && parseDoneStateEvent(t.event) === undefined
      ? `con ${code(t.event)}`
      : this.trigger(t);
  }

  /** The transition by its event and source state: '`contact.submit` en «Paso 1»'. */
  where(t: TransitionSnapshot): string {
    return `${this.trigger(t)} en ${this.state(t.source)}`;
  }

  /** The transition by its description, else by where it is. */
  label(t: TransitionSnapshot): string {
    return t.description === null ? this.where(t) : quoted(t.description);
  }

  /** Everything about a transition, for one that is added or removed. */
  full(t: TransitionSnapshot): string {
    const parts = [this.where(t)];
    parts[0] += t.targets.length > 0 ? ` → ${this.states(t.targets)}` : ' (sin cambiar de estado)';
    if (t.guard !== null) parts.push(`si ${this.guard(t.guard)}`);
    if (t.actions.length > 0) parts.push(`ejecuta ${codes(t.actions)}`);
    const detail = parts.join(', ');
    return t.description === null ? detail : `${quoted(t.description)} (${detail})`;
  }
}

/** 'ahora ejecuta `a` y ya no ejecuta `b`', or the new order when only the order changed. */
function listChange(
  was: readonly string[],
  now: readonly string[],
  reordered: string,
  verb: (n: number) => string,
): string {
  const added = now.filter((x) => !was.includes(x));
  const removed = was.filter((x) => !now.includes(x));
  if (added.length === 0 && removed.length === 0)
    return `${reordered} en otro orden: ${codes(now)} (antes ${codes(was)})`;
  const parts: string[] = [];
  if (added.length > 0) parts.push(`ahora ${verb(added.length)} ${codes(added)}`);
  if (removed.length > 0) parts.push(`ya no ${verb(removed.length)} ${codes(removed)}`);
  return parts.join(' y ');
}

function tagsVerb(n: number): string {
  return n === 1 ? 'lleva la etiqueta' : 'lleva las etiquetas';
}

/** One change as the summary's line (without its list marker). */
export function changeLine(change: FlowChange, was: FlowText, now: FlowText, newFlow: FlowSnapshot): string {
  switch (change.kind) {
    case 'flow.added':
      return `Flujo nuevo: ${quoted(newFlow.states[0]?.description ?? newFlow.machineId)} (${plural(newFlow.states.length - 1, 'estado', 'estados')}, ${plural(newFlow.transitions.length, 'transición', 'transiciones')}).`;
    case 'flow.removed':
      return 'Se quita el flujo.';
    case 'flow.slug':
      return `El identificador del flujo cambia: ${code(change.was)} → ${code(change.now)}.`;
    case 'flow.title':
      return `El título cambia: ${quoted(change.was)} → ${quoted(change.now)}.`;
    case 'state.added':
    case 'state.removed': {
      const [text, path, verb] =
        change.kind === 'state.added' ? [now, change.after, 'agrega'] : [was, change.before, 'quita'];
      const parent = path.includes('.')
        ? ` dentro de ${text.state(path.slice(0, path.lastIndexOf('.')))}`
        : '';
      return `Se ${verb} el estado ${text.state(path)}${parent}.`;
    }
    case 'state.renamed': {
      const key = (p: string) => code(p.slice(p.lastIndexOf('.') + 1));
      return `El estado ${now.state(change.after)} cambia de nombre: ${key(change.before)} → ${key(change.after)}.`;
    }
    case 'state.changed':
      switch (change.field) {
        case 'description':
          if (change.after === '' && change.was !== null && change.now !== null)
            return `La descripción del flujo cambia: ${quoted(change.was)} → ${quoted(change.now)}.`;
          if (change.was === null)
            return `${was.subject(change.before)} ahora se describe como ${quoted(change.now ?? '')}.`;
          if (change.now === null) return `${was.subject(change.before)} queda sin descripción.`;
          return `La descripción del estado ${quoted(change.was)} cambia a ${quoted(change.now)}.`;
        case 'type':
          return `${now.subject(change.after)} pasa de ${TYPE_NAMES[change.was]} a ${TYPE_NAMES[change.now]}.`;
        case 'initial':
          if (change.now === null) return `${now.subject(change.after)} ya no tiene estado inicial.`;
          return `${now.subject(change.after)} ahora empieza en ${now.state(change.now)}${change.was === null ? '' : ` (antes en ${was.state(change.was)})`}.`;
        case 'tags': {
          const added = change.now.filter((x) => !change.was.includes(x));
          const removed = change.was.filter((x) => !change.now.includes(x));
          const parts: string[] = [];
          if (added.length > 0) parts.push(`ahora ${tagsVerb(added.length)} ${codes(added)}`);
          if (removed.length > 0) parts.push(`ya no ${tagsVerb(removed.length)} ${codes(removed)}`);
          return `${now.subject(change.after)} ${parts.join(' y ')}.`;
        }
        case 'entry':
        case 'exit': {
          const where = change.field === 'entry' ? 'Al entrar en' : 'Al salir de';
          return `${where} ${now.object(change.after)} ${listChange(change.was, change.now, 'las acciones van', (n) => (n === 1 ? 'se ejecuta' : 'se ejecutan'))}.`;
        }
        case 'invokes':
          return `${now.subject(change.after)} ${listChange(change.was, change.now, 'invoca', () => 'invoca')}.`;
        case 'meta':
          return `Cambia el meta de ${now.object(change.after)}: ${code(stableJson(change.was))} → ${code(stableJson(change.now))}.`;
      }
      break;
    case 'transition.added':
      return `Se agrega la transición ${now.full(now.transition(change.after))}.`;
    case 'transition.removed':
      return `Se quita la transición ${was.full(was.transition(change.before))}.`;
    case 'transition.changed': {
      const before = was.transition(change.before);
      const after = now.transition(change.after);
      const label = now.label(after);
      switch (change.field) {
        case 'source':
          return `${label} ahora sale de ${now.state(change.now)} (antes de ${was.state(change.was)}).`;
        case 'event':
          return `${label} ahora se dispara ${now.triggerPhrase(change.now)} (antes ${was.triggerPhrase(change.was)}).`;
        case 'delay':
          if (change.was.name === change.now.name)
            return `${label} ahora espera ${msText(change.now.ms)} en lugar de ${msText(change.was.ms)} (${code(change.now.name)}).`;
          return `${label} ahora espera ${code(change.now.name)} (${msText(change.now.ms)}) en lugar de ${code(change.was.name)} (${msText(change.was.ms)}).`;
        case 'targets':
          if (change.now.length === 0)
            return `${label} ya no cambia de estado (antes llevaba a ${was.states(change.was)}).`;
          if (change.was.length === 0)
            return `${label} ahora lleva a ${now.states(change.now)} (antes no cambiaba de estado).`;
          return `${label} ahora lleva a ${now.states(change.now)} (antes a ${was.states(change.was)}).`;
        case 'guard':
          if (change.was === null) return `${label} ahora exige ${now.guard(change.now ?? '')}.`;
          if (change.now === null) return `${label} ya no exige ${was.guard(change.was)}.`;
          return `${label} ahora exige ${now.guard(change.now)} (antes ${was.guard(change.was)}).`;
        case 'actions':
          return `${label} ${listChange(change.was, change.now, 'ejecuta sus acciones', () => 'ejecuta')}.`;
        case 'description':
          if (change.was === null)
            return `${now.where(after)} ahora se describe como ${quoted(change.now ?? '')}.`;
          if (change.now === null) return `${was.label(before)} queda sin descripción.`;
          return `La descripción de ${quoted(change.was)} cambia a ${quoted(change.now)}.`;
      }
    }
  }
  return '';
}

/** The Markdown summary; NO_CHANGES when nothing changed. */
export function renderFlowsDiff(diff: FlowsDiff, before: FlowsSnapshot, after: FlowsSnapshot): string {
  if (diff.flows.length === 0) return NO_CHANGES;
  const sections = diff.flows.map((flowDiff) => {
    const old = before.flows.find((f) => f.slug === flowDiff.beforeSlug);
    const next =
      flowDiff.status === 'removed' ? undefined : after.flows.find((f) => f.slug === flowDiff.slug);
    const shown = next ?? old;
    if (!shown) throw new Error(`flow ${flowDiff.slug} is in neither snapshot`);
    const was = new FlowText(old ?? shown);
    const now = new FlowText(next ?? shown);
    const lines = flowDiff.changes.map((change) => `- ${changeLine(change, was, now, shown)}`);
    return `### ${shown.title}\n\n${lines.join('\n')}`;
  });
  return sections.join('\n\n');
}
