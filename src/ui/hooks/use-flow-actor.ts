import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { inspectFlow } from '../flow-recording';

/**
 * Starts a flow's machine with its effects: `wire` is the flow's wiring function (its
 * `<flow>.wiring.ts`), called once per mount, so every flow provides its effects the same way
 * and no render builds a new machine. Its steps are counted for the flow explorer's real visits
 * (../flow-recording.ts).
 */
export function useFlowActor<TLogic extends AnyActorLogic>(
  wire: () => TLogic,
  options?: ActorOptions<TLogic>,
) {
  const [logic] = useState(wire);
  return useActorRef(logic, { ...options, inspect: inspectFlow });
}
