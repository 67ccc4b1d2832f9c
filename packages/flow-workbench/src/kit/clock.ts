import type { ActorOptions, AnyActorLogic } from 'xstate';

type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

/**
 * A clock that only moves when told (XState's SimulatedClock does the same for unit tests that
 * step time by hand; this one also fires up to a given time): a machine's delays wait until a test
 * step or an explorer button fires them. Timers due at the same time fire in the order they were
 * set; time stands at each timer's due time while it fires, so a delay scheduled by a fired timer
 * starts counting from there.
 */
export class ManualClock implements Clock {
  private current = 0;
  private nextId = 1;
  private readonly timers = new Map<number, { due: number; fn: () => void }>();

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, timeout: number): number {
    const id = this.nextId++;
    const due = this.current + Math.max(0, timeout);
    this.timers.set(id, { due, fn });
    return id;
  }

  clearTimeout(id: number): void {
    this.timers.delete(id);
  }

  /** Fires, in due order, every timer due at or before `time`, then stands at `time`. */
  advanceTo(time: number): void {
    for (;;) {
      let next: [number, { due: number; fn: () => void }] | undefined;
      for (const entry of this.timers) {
        if (entry[1].due <= time && (!next || entry[1].due < next[1].due)) next = entry;
      }
      if (!next) break;
      this.timers.delete(next[0]);
      this.current = Math.max(this.current, next[1].due);
      next[1].fn();
    }
    this.current = Math.max(this.current, time);
  }
}
