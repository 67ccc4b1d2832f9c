/**
 * The paths the model tests generate for this flow (same generator, same runs), each replayable
 * step by step on the diagram.
 */
import { useMemo, useState } from 'react';
import {
  activeStateIds,
  activeStateNodes,
  shortestPaths,
  simplePaths,
  type MachineModel,
  type ModelPath,
} from '../kit';
import type { FlowEntry } from './flows';
import type { FlowGraph } from '../graph/describe';
import { StateName, StepLabel, stateMeaning } from './meaning';
import { stepsOfPath } from './sim/simulation';
import type { Step } from './sim/steps';

export interface PathChoice {
  run: number;
  title: string;
  steps: Step[];
}

interface Generated {
  shortest: ModelPath[];
  simple: ModelPath[];
}

const PAGE = 25;

function endStates(path: ModelPath): string[] {
  return activeStateNodes(path.state)
    .filter((n) => Object.keys(n.states).length === 0)
    .map((n) => n.id);
}

function visits(path: ModelPath, stateId: string): boolean {
  return path.steps.some((s) => activeStateIds(s.state).includes(stateId));
}

interface Props {
  entry: FlowEntry;
  graph: FlowGraph;
  model: MachineModel;
  selected: string | undefined;
  onPlay: (choice: PathChoice) => void;
}

type PathKind = 'shortest' | 'simple';
const PATH_KINDS: readonly { value: PathKind; label: string }[] = [
  { value: 'shortest', label: 'Más cortos' },
  { value: 'simple', label: 'Simples' },
];

export function PathsPanel({ entry, graph, model, selected, onPlay }: Props) {
  const [run, setRun] = useState(0);
  const [generated, setGenerated] = useState<Map<number, Generated | string>>(new Map());
  const [kind, setKind] = useState<PathKind>('shortest');
  const [onlySelected, setOnlySelected] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const current = generated.get(run);

  const generate = () => {
    const spec = model.runs[run];
    if (!spec) return;
    let result: Generated | string;
    try {
      result = { shortest: shortestPaths(model.machine, spec), simple: simplePaths(model.machine, spec) };
    } catch (error) {
      result = `No se pudieron generar los recorridos: ${error instanceof Error ? error.message : 'error desconocido'}`;
    }
    setGenerated((g) => new Map(g).set(run, result));
    setShown(PAGE);
  };

  const list = useMemo(() => {
    if (!current || typeof current === 'string') return [];
    const all = current[kind].map((path, index) => ({ path, index }));
    return onlySelected && selected ? all.filter(({ path }) => visits(path, selected)) : all;
  }, [current, kind, onlySelected, selected]);

  return (
    <section className="panel" aria-labelledby="paths-title">
      <h2 id="paths-title">Recorridos de las pruebas de modelo</h2>
      <p className="muted">
        Los mismos recorridos que generan y verifican las pruebas basadas en el modelo, por caso de prueba.
      </p>
      <label className="field">
        Caso de prueba{' '}
        <select
          value={run}
          onChange={(e) => {
            setRun(Number(e.target.value));
            setShown(PAGE);
          }}
        >
          {model.runs.map((r, i) => (
            <option key={i} value={i}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      {current === undefined ? (
        <p>
          <button type="button" onClick={generate}>
            Generar los recorridos
          </button>
        </p>
      ) : typeof current === 'string' ? (
        <p role="alert">{current}</p>
      ) : (
        <>
          <fieldset className="choice">
            <legend>Tipo de recorrido</legend>
            {PATH_KINDS.map(({ value, label }) => (
              <label key={value}>
                <input
                  type="radio"
                  name="path-kind"
                  checked={kind === value}
                  onChange={() => setKind(value)}
                />{' '}
                {label} ({current[value].length})
              </label>
            ))}
          </fieldset>
          <label className="check">
            <input
              type="checkbox"
              checked={onlySelected}
              disabled={!selected}
              onChange={(e) => setOnlySelected(e.target.checked)}
            />{' '}
            Solo los que pasan por el estado seleccionado
            {selected
              ? ` («${stateMeaning(
                  graph.states.find((s) => s.id === selected),
                  selected,
                )}»)`
              : ''}
          </label>
          <p className="muted">{list.length} recorridos.</p>
          <ol className="paths">
            {list.slice(0, shown).map(({ path, index }) => {
              const steps = stepsOfPath(path.steps.map((s) => s.event));
              const ends = endStates(path);
              const title = `Recorrido ${index + 1} (${kind === 'shortest' ? 'más corto' : 'simple'}): ${steps.length} ${steps.length === 1 ? 'paso' : 'pasos'}`;
              return (
                <li key={index}>
                  <button type="button" className="link" onClick={() => onPlay({ run, title, steps })}>
                    {title}
                  </button>
                  <p className="muted small">
                    Termina en:{' '}
                    {ends.map((id, i) => (
                      <span key={id}>
                        {i > 0 ? ' y ' : ''}
                        <StateName graph={graph} id={id} />
                      </span>
                    ))}
                  </p>
                  <details className="small">
                    <summary>Ver los pasos</summary>
                    <ol>
                      {steps.map((step, i) => (
                        <li key={i}>
                          <StepLabel step={step} entry={entry} />
                        </li>
                      ))}
                    </ol>
                  </details>
                </li>
              );
            })}
          </ol>
          {list.length > shown ? (
            <button type="button" onClick={() => setShown((n) => n + PAGE)}>
              Mostrar {Math.min(PAGE, list.length - shown)} más
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
