/**
 * What the page says about a flow's change against the base the explorer was built with
 * (./changes): the notice under a changed flow's title with the switch of the chart of changes,
 * the panel with the before and after of what is selected (a state's screenshots too,
 * ./change-screens.tsx) and every line of the summary, the legend's lines, and the marks of the
 * index. Every mark says its change in words.
 */
import { useState } from 'react';
import type { ChangeStatus, FlowGraph } from '../graph/describe';
import type { Artifacts, ScreenWidth } from './artifacts';
import { ChangeScreens } from './change-screens';
import { STATE_MARKS, TRANSITION_MARKS } from '../graph/layout-input';
import type { ChangeDetail, ChangeItem, ChangesData, ChartBase, FlowChanges } from './changes/types';
import { Ident, NoteText } from './meaning';

/**
 * The base after its preposition: 'de main (la base común con esta rama, commit a1b2c3d)',
 * 'del commit a1b2c3d', 'con v2 (commit a1b2c3d)', 'de la versión 0badc0de' (of the flow, from the registry).
 */
export function BaseName({ data, after }: { data: ChartBase; after: 'de' | 'con' }) {
  if ('version' in data)
    return (
      <>
        {after} la versión <code>{data.version}</code>
      </>
    );
  const { ref, commit, mergeBase } = data.base;
  const short = <code>{commit.slice(0, 7)}</code>;
  if (mergeBase)
    return (
      <>
        {after} <Ident>{ref}</Ident> (la base común con esta rama, commit {short})
      </>
    );
  const isCommit = /^[0-9a-f]{4,40}$/i.test(ref) && commit.startsWith(ref.toLowerCase());
  if (isCommit)
    return (
      <>
        {after === 'de' ? 'del' : 'con el'} commit {short}
      </>
    );
  return (
    <>
      {after} <Ident>{ref}</Ident> (commit {short})
    </>
  );
}

export function ChangeTag({ change, kind }: { change: ChangeStatus | 'flow'; kind: 'state' | 'transition' }) {
  const text = change === 'flow' ? 'Δ El flujo' : (kind === 'state' ? STATE_MARKS : TRANSITION_MARKS)[change];
  return <span className={`change-tag ${change}`}>{text}</span>;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function joinEs(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} y ${parts.at(-1) ?? ''}`;
}

/** '1 estado nuevo, 1 quitado; 3 transiciones nuevas y 2 que cambiaron'. */
export function changeCounts(changes: FlowChanges): string {
  if (changes.status === 'added') return 'todo el flujo es nuevo';
  const count = (kind: 'state' | 'transition', change: ChangeItem['change']) =>
    new Set(
      changes.items.filter((i) => i.target?.kind === kind && i.change === change).map((i) => i.target?.id),
    ).size;
  const part = (
    kind: 'state' | 'transition',
    noun: [string, string],
    words: Record<string, [string, string]>,
  ) => {
    const bits = (['added', 'removed', 'changed'] as const)
      .map((change) => [count(kind, change), words[change] ?? ['', '']] as const)
      .filter(([n]) => n > 0)
      .map(([n, [one, many]], i) =>
        i === 0 ? plural(n, `${noun[0]} ${one}`, `${noun[1]} ${many}`) : plural(n, one, many),
      );
    return joinEs(bits);
  };
  const states = part('state', ['estado', 'estados'], {
    added: ['nuevo', 'nuevos'],
    removed: ['quitado', 'quitados'],
    changed: ['que cambió', 'que cambiaron'],
  });
  const transitions = part('transition', ['transición', 'transiciones'], {
    added: ['nueva', 'nuevas'],
    removed: ['quitada', 'quitadas'],
    changed: ['que cambió', 'que cambiaron'],
  });
  const own = changes.items.filter((i) => i.change === 'flow').length;
  return [
    states,
    transitions,
    own > 0 ? plural(own, 'cambio del flujo mismo', 'cambios del flujo mismo') : '',
  ]
    .filter((p) => p !== '')
    .join('; ');
}

/** Whether the code compared holds changes not yet committed. */
const localChanges = (data: ChartBase) => 'head' in data && data.head.localChanges;

/** Under the title of a flow that changed: against what, how much, and the switch of the chart. */
export function ChangesNotice({
  data,
  changes,
  shown,
  onShow,
}: {
  data: ChartBase;
  changes: FlowChanges;
  shown: boolean;
  onShow: (shown: boolean) => void;
}) {
  return (
    <div className="changes-notice">
      <p>
        <ChangeTag change={changes.status === 'added' ? 'added' : 'changed'} kind="state" />{' '}
        {changes.status === 'added' ? 'Flujo nuevo' : 'Este flujo cambió'} respecto{' '}
        <BaseName data={data} after="de" />: {changeCounts(changes)}.
      </p>
      <label className="check inline">
        <input type="checkbox" checked={shown} onChange={(e) => onShow(e.target.checked)} /> Mostrar los
        cambios en el diagrama
      </label>
    </div>
  );
}

function Value({ text, none }: { text: string | null; none: string }) {
  return text === null ? <>{none}</> : <NoteText text={text} />;
}

/** A changed state or transition, before and after. */
function Detail({ detail }: { detail: ChangeDetail }) {
  const { change, facts } = detail;
  const list = (side: 'was' | 'now') => (
    <dl className="before-after">
      {facts.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>
            <Value text={f[side]} none="—" />
          </dd>
        </div>
      ))}
    </dl>
  );
  return (
    <div className="change-detail" data-detail-change={change}>
      <p>
        <ChangeTag change={change} kind={detail.kind} /> <strong>{detail.title}</strong>
      </p>
      {change === 'added' ? (
        <>
          <p className="change-was">
            <span className="label">Antes:</span> no existía.
          </p>
          <p className="change-now">
            <span className="label">Ahora:</span>
          </p>
          {list('now')}
        </>
      ) : change === 'removed' ? (
        <>
          <p className="change-was">
            <span className="label">Antes:</span>
          </p>
          {list('was')}
          <p className="change-now">
            <span className="label">Ahora:</span> ya no existe.
          </p>
        </>
      ) : (
        <dl className="before-after">
          {facts.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd className="change-was">
                <span className="label">Antes:</span> <Value text={f.was} none="nada" />
              </dd>
              <dd className="change-now">
                <span className="label">Ahora:</span> <Value text={f.now} none="nada" />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {detail.lines.length > 0 ? (
        <ul className="small">
          {detail.lines.map((line, i) => (
            <li key={i}>
              <NoteText text={line} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export type ChangeTarget = NonNullable<ChangeItem['target']>;

/** The state of the chart of changes to show for a change: its own, or the transition's source. */
export function changeState(changes: FlowChanges, target: ChangeTarget): string | undefined {
  if (target.kind === 'state') return target.id;
  const { transitions, states } = changes.graph;
  return [...transitions, ...states.flatMap((s) => s.internal)].find((t) => t.key === target.id)?.source;
}

/** The before and after of what is selected on the chart of changes, and every change of the flow. */
export function ChangesPanel({
  data,
  changes,
  graph,
  selectedState,
  selectedTransition,
  onPick,
  artifacts,
  version,
}: {
  data: ChartBase;
  changes: FlowChanges;
  /** The chart of changes. */
  graph: FlowGraph;
  selectedState: string | undefined;
  selectedTransition: string | undefined;
  onPick: (target: ChangeTarget) => void;
  /** QA's screenshots, of this version and of the base's. */
  artifacts: Artifacts | undefined;
  /** This version of the flow. */
  version: string;
}) {
  const [width, setWidth] = useState<ScreenWidth>(360);
  const selection = selectedTransition ?? selectedState;
  const detail = selection === undefined ? undefined : changes.details[selection];
  // A selected state also shows its transitions without a target that changed (drawn inside it).
  const state =
    selectedTransition === undefined ? graph.states.find((s) => s.id === selectedState) : undefined;
  const inside = (state?.internal ?? [])
    .filter((t) => t.change !== undefined)
    .map((t) => changes.details[t.changeOf ?? t.key])
    .filter((d): d is ChangeDetail => d !== undefined);
  return (
    <section className="panel changes-panel" aria-labelledby="changes-title">
      <h2 id="changes-title">Antes y ahora</h2>
      <p className="small">
        Comparado <BaseName data={data} after="con" />
        {localChanges(data) ? ', con los cambios sin confirmar de este código' : ''}.
      </p>
      <div aria-live="polite">
        {detail || inside.length > 0 ? (
          <>
            {detail ? (
              <>
                <Detail detail={detail} />
                <ChangeScreens
                  detail={detail}
                  machineId={graph.machineId}
                  baseVersion={changes.baseVersion}
                  version={version}
                  artifacts={artifacts}
                  width={width}
                  onWidth={setWidth}
                />
              </>
            ) : null}
            {inside.map((d, i) => (
              <Detail key={i} detail={d} />
            ))}
          </>
        ) : (
          <p className="muted">
            Selecciona un estado o una transición marcados, en el diagrama o en la lista, para ver cómo era
            antes y cómo es ahora.
          </p>
        )}
      </div>
      <h3>Todos los cambios ({changes.items.length})</h3>
      <ol className="change-list">
        {changes.items.map((item, i) => (
          <li key={i}>
            <ChangeTag change={item.change} kind={item.target?.kind ?? 'state'} />{' '}
            {item.target ? (
              <button
                type="button"
                className="link"
                aria-pressed={item.target.id === selection}
                onClick={() => item.target && onPick(item.target)}
              >
                <NoteText text={item.line} />
              </button>
            ) : (
              <NoteText text={item.line} />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The legend's lines for the chart of changes. */
export function ChangesLegend({ data }: { data: ChartBase }) {
  return (
    <>
      <li>
        Cambios respecto <BaseName data={data} after="de" />: verde y «+ Nuevo»: lo que se agregó; rojo sobre
        rayas y «− Quitado»: lo que ya no existe, dibujado donde estaba; «− Antes iba así»: el camino que
        antes tomaba una transición que cambió; ámbar y «Δ Cambió»: lo que cambió. En gris, las transiciones
        que no cambiaron.
      </li>
      <li>Selecciona lo marcado para ver cómo era antes y cómo es ahora.</li>
    </>
  );
}

/** The index's line for a flow that changed, with a link to its chart of changes. */
export function CardChanges({ slug, changes }: { slug: string; changes: FlowChanges }) {
  return (
    <p className="card-change">
      <ChangeTag change={changes.status === 'added' ? 'added' : 'changed'} kind="state" />{' '}
      {changeCounts(changes)} · <a href={`#/${slug}?cambios=si`}>Ver los cambios en el diagrama</a>
    </p>
  );
}

/** The top of the index: against what the flows are compared, and which flows are gone. */
export function IndexChanges({ data }: { data: ChangesData }) {
  const changed = Object.keys(data.flows).length;
  return (
    <section className="changes-notice" aria-labelledby="index-changes-title">
      <h2 id="index-changes-title" className="small">
        Cambios en los flujos
      </h2>
      <p>
        Este explorador compara los flujos <BaseName data={data} after="con" />
        {data.head.localChanges ? ', con los cambios sin confirmar de este código' : ''}:{' '}
        {changed === 0
          ? 'ninguno de los flujos que quedan cambió'
          : `${plural(changed, 'flujo cambió', 'flujos cambiaron')} (marcados abajo)`}
        .
      </p>
      {data.removed.length > 0 ? (
        <p>
          <ChangeTag change="removed" kind="state" /> Flujos que ya no existen:{' '}
          {joinEs(data.removed.map((f) => `«${f.title}»`))}.
        </p>
      ) : null}
    </section>
  );
}
