/**
 * Real time: each pending delay fires on its own when its time has passed on the wall clock, as a
 * step like any other (so the link replays it). The simulation's own clock stays manual; a delay's
 * deadline is set when it is first seen pending in real time, and kept across the steps taken
 * meanwhile (identified by its event and its due time on the simulation's clock).
 */
import { useEffect, useRef, useState } from 'react';
import type { Simulation } from './sim/simulation';

const TICK_MS = 200;

/** Delay event type -> milliseconds left before it fires on its own (empty when off). */
export function useRealTime(
  enabled: boolean,
  simulation: Simulation,
  version: number,
  busy: boolean,
  fire: (type: string) => void,
): ReadonlyMap<string, number> {
  const deadlines = useRef(new Map<string, { type: string; at: number }>());
  const fireRef = useRef(fire);
  const [left, setLeft] = useState<ReadonlyMap<string, number>>(new Map());

  useEffect(() => {
    fireRef.current = fire;
  });

  useEffect(() => {
    const known = deadlines.current;
    if (!enabled) {
      known.clear();
      const reset = setTimeout(() => setLeft(new Map()), 0);
      return () => clearTimeout(reset);
    }
    const start = Date.now();
    const live = new Set<string>();
    for (const d of simulation.pendingDelays()) {
      const key = `${d.type}@${simulation.now + d.remaining}`;
      live.add(key);
      if (!known.has(key)) known.set(key, { type: d.type, at: start + d.remaining });
    }
    for (const key of [...known.keys()]) if (!live.has(key)) known.delete(key);

    const update = () => {
      const now = Date.now();
      setLeft(new Map([...known.values()].map((d) => [d.type, Math.max(0, d.at - now)])));
    };
    const first = setTimeout(update, 0);
    const tick = setInterval(update, TICK_MS);
    let next: { type: string; at: number } | undefined;
    for (const d of known.values()) if (!next || d.at < next.at) next = d;
    const due = next;
    const timer =
      due && !busy
        ? setTimeout(() => fireRef.current(due.type), Math.max(0, due.at - Date.now()))
        : undefined;
    return () => {
      clearTimeout(first);
      clearInterval(tick);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [enabled, simulation, version, busy]);

  return left;
}
