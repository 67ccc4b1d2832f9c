/**
 * The simulation of one flow: the steps applied so far, replayed when the page opens or its link
 * changes. A link whose steps no longer all apply (the machine changed since it was made) replays
 * as many as still apply, and the notice says which step stopped and why.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MachineModel } from '../kit';
import type { FlowEntry } from './flows';
import type { LinkProblem } from './link/link';
import { replayWhatApplies } from './link/replay';
import { StepError, type Simulation } from './sim/simulation';
import type { Step } from './sim/steps';

export interface Session {
  simulation: Simulation;
  steps: Step[];
  /** The model run whose input is used; undefined for the catalogue's example input. */
  run: number | undefined;
  version: number;
}

/** What the page says about the last load or step, when something did not apply. */
export interface Notice {
  /** A step the machine did not take: its position in the link (or after the steps applied), and why. */
  stopped?: { index: number; total: number; step: Step; reason: string; fromLink: boolean };
  /** Parts of the link that could not be read or used (Spanish sentences). */
  problems: string[];
}

export interface SessionControls {
  session: Session | undefined;
  busy: boolean;
  notice: Notice | undefined;
  apply: (step: Step) => Promise<boolean>;
  /** Starts again from a run's input with these steps (a link, a path): as many as apply. */
  load: (
    run: number | undefined,
    steps: readonly Step[],
    problems?: readonly LinkProblem[],
  ) => Promise<boolean>;
  undo: () => void;
  reset: () => void;
  dismissNotice: () => void;
}

export function inputFor(
  entry: FlowEntry,
  model: MachineModel | undefined,
  run: number | undefined,
): unknown {
  return run === undefined ? entry.exampleInput : model?.runs[run]?.input;
}

export function useSession(entry: FlowEntry, model: MachineModel | undefined): SessionControls {
  const [session, setSession] = useState<Session | undefined>(undefined);
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState<Notice | undefined>(undefined);
  const current = useRef<Session | undefined>(undefined);
  const sequence = useRef(0);

  const publish = useCallback((next: Session) => {
    if (current.current && current.current.simulation !== next.simulation) current.current.simulation.stop();
    current.current = next;
    setSession(next);
  }, []);

  const load = useCallback(
    async (
      run: number | undefined,
      steps: readonly Step[],
      linkProblems: readonly LinkProblem[] = [],
    ): Promise<boolean> => {
      const seq = ++sequence.current;
      setBusy(true);
      const problems = linkProblems.map((p) => p.message);
      let runIndex = run;
      if (runIndex !== undefined && !model?.runs[runIndex]) {
        problems.push(
          `el caso de prueba ${runIndex} no existe en este flujo: se usa la entrada del catálogo`,
        );
        runIndex = undefined;
      }
      const { simulation, applied, failed } = await replayWhatApplies(
        entry.machine,
        inputFor(entry, model, runIndex),
        steps,
      );
      if (seq !== sequence.current) {
        simulation.stop();
        return false;
      }
      publish({ simulation, steps: steps.slice(0, applied), run: runIndex, version: 0 });
      const failedStep = failed ? steps[failed.index] : undefined;
      const fromLink = linkProblems.length > 0 || steps.length > 0;
      setNotice(
        failed === undefined && problems.length === 0
          ? undefined
          : {
              ...(failed && failedStep
                ? {
                    stopped: {
                      index: failed.index,
                      total: steps.length,
                      step: failedStep,
                      reason: failed.message,
                      fromLink,
                    },
                  }
                : {}),
              problems,
            },
      );
      setBusy(false);
      return failed === undefined;
    },
    [entry, model, publish],
  );

  useEffect(
    () => () => {
      sequence.current++;
      current.current?.simulation.stop();
      current.current = undefined;
    },
    [],
  );

  const apply = useCallback(
    async (step: Step): Promise<boolean> => {
      const s = current.current;
      if (!s) return false;
      setBusy(true);
      try {
        await s.simulation.apply(step);
        publish({ ...s, steps: [...s.steps, step], version: s.version + 1 });
        setNotice(undefined);
        return true;
      } catch (error) {
        setNotice({
          stopped: {
            index: s.steps.length,
            total: s.steps.length + 1,
            step,
            reason: error instanceof StepError ? error.message : 'la máquina lo rechazó',
            fromLink: false,
          },
          problems: [],
        });
        publish({ ...s, version: s.version + 1 });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [publish],
  );

  return {
    session,
    busy,
    notice,
    apply,
    load,
    undo: () => {
      const s = current.current;
      if (s && s.steps.length > 0) void load(s.run, s.steps.slice(0, -1));
    },
    reset: () => void load(current.current?.run, []),
    dismissNotice: () => setNotice(undefined),
  };
}
