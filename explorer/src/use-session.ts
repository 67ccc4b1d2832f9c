/**
 * The simulation of one flow and its link: the steps applied so far, replayed from the URL when
 * the page opens or the link changes, written back to the URL after every step.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MachineModel } from '../../flow-kit';
import type { FlowEntry } from './flows';
import { stepText } from './format';
import { replaceHash } from './hash';
import { Simulation, StepError } from './sim/simulation';
import { formatHash, parseHash, type Step } from './sim/steps';

export interface Session {
  simulation: Simulation;
  steps: Step[];
  /** The model run whose input is used; undefined for the catalogue's example input. */
  run: number | undefined;
  version: number;
}

export interface SessionControls {
  session: Session | undefined;
  busy: boolean;
  notice: string | undefined;
  apply: (step: Step) => Promise<boolean>;
  load: (run: number | undefined, steps: readonly Step[]) => Promise<boolean>;
  undo: () => void;
  reset: () => void;
  dismissNotice: () => void;
}

const INITIAL_STATE_NOTE = 'Se muestra el estado inicial.';

export function inputFor(
  entry: FlowEntry,
  model: MachineModel | undefined,
  run: number | undefined,
): unknown {
  return run === undefined ? entry.exampleInput : model?.runs[run]?.input;
}

export function useSession(entry: FlowEntry, model: MachineModel | undefined, hash: string): SessionControls {
  const [session, setSession] = useState<Session | undefined>(undefined);
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const current = useRef<Session | undefined>(undefined);
  const written = useRef<string | undefined>(undefined);
  const sequence = useRef(0);

  const publish = useCallback(
    (next: Session) => {
      if (current.current && current.current.simulation !== next.simulation)
        current.current.simulation.stop();
      current.current = next;
      setSession(next);
      const h = formatHash(entry.slug, next.run, next.steps);
      written.current = h;
      replaceHash(h);
    },
    [entry.slug],
  );

  const replay = useCallback(
    async (
      run: number | undefined,
      steps: readonly Step[],
      linkError: string | undefined,
    ): Promise<boolean> => {
      const seq = ++sequence.current;
      setBusy(true);
      let problem = linkError;
      let runIndex = run;
      let toApply = steps;
      if (runIndex !== undefined && !model?.runs[runIndex]) {
        problem = `el caso de prueba ${runIndex} no existe en este flujo`;
        runIndex = undefined;
        toApply = [];
      }
      const { simulation, failed } = await Simulation.replay(
        entry.machine,
        inputFor(entry, model, runIndex),
        toApply,
      );
      if (seq !== sequence.current) {
        simulation.stop();
        return false;
      }
      if (failed) {
        const step = toApply[failed.index];
        problem = `el paso ${failed.index + 1}${step ? ` (${stepText(step)})` : ''} no se puede aplicar: ${failed.message}`;
      }
      publish({ simulation, steps: failed ? [] : [...toApply], run: runIndex, version: 0 });
      setNotice(
        problem === undefined ? undefined : `El enlace no es válido: ${problem}. ${INITIAL_STATE_NOTE}`,
      );
      setBusy(false);
      return failed === undefined;
    },
    [entry, model, publish],
  );

  useEffect(() => {
    if (hash === written.current) return;
    const route = parseHash(hash);
    void replay(route.run, route.steps, route.error);
  }, [hash, replay]);

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
        setNotice(
          `No se pudo aplicar «${stepText(step)}»: ${error instanceof StepError ? error.message : 'la máquina lo rechazó'}.`,
        );
        publish({ ...s, version: s.version + 1 });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [publish],
  );

  const load = useCallback(
    (run: number | undefined, steps: readonly Step[]) => replay(run, steps, undefined),
    [replay],
  );

  return {
    session,
    busy,
    notice,
    apply,
    load,
    undo: () => {
      const s = current.current;
      if (s && s.steps.length > 0) void replay(s.run, s.steps.slice(0, -1), undefined);
    },
    reset: () => void replay(current.current?.run, [], undefined),
    dismissNotice: () => setNotice(undefined),
  };
}
