import { fromPromise } from 'xstate';

/** A promise actor whose calls the test settles by hand. */
export function controlledActor<TOutput, TInput>() {
  const calls: {
    input: TInput;
    resolve: (value: TOutput) => void;
    reject: (reason: unknown) => void;
    aborted: () => boolean;
  }[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push({ input, resolve, reject, aborted: () => signal.aborted });
      }),
  );
  return { logic, calls };
}

/** Lets settled promises reach the actors (a macrotask; the machines' timers use SimulatedClock). */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
