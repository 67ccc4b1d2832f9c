import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { NOTIFICATION_DISPLAY_MS } from '../../../src/domain/constants';
import { notificationMachine } from '../../../src/flows/notification/notification.machine';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(notificationMachine, {
    input: { message: 'Swiper plugin is missing', tone: 'danger' },
    clock,
  });
  actor.start();
  return { actor, clock };
}

describe('notification machine', () => {
  it('shows at once and hides after exactly 10000 ms', () => {
    const { actor, clock } = start();
    expect(actor.getSnapshot().hasTag('shown')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ message: 'Swiper plugin is missing', tone: 'danger' });
    clock.increment(9999);
    expect(actor.getSnapshot().hasTag('shown')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('hides at once with the close button', () => {
    const { actor } = start();
    actor.send({ type: 'notification.dismiss' });
    expect(actor.getSnapshot().hasTag('shown')).toBe(false);
  });

  it('stays while held and counts the full delay again after release', () => {
    const { actor, clock } = start();
    clock.increment(NOTIFICATION_DISPLAY_MS - 100);
    actor.send({ type: 'notification.hold' });
    clock.increment(60_000);
    expect(actor.getSnapshot().value).toEqual({ visible: 'held' });
    actor.send({ type: 'notification.dismiss' });
    expect(actor.getSnapshot().value).toBe('hidden');

    const second = start();
    second.actor.send({ type: 'notification.hold' });
    second.clock.increment(NOTIFICATION_DISPLAY_MS * 2);
    second.actor.send({ type: 'notification.release' });
    second.clock.increment(NOTIFICATION_DISPLAY_MS - 1);
    expect(second.actor.getSnapshot().hasTag('shown')).toBe(true);
    second.clock.increment(1);
    expect(second.actor.getSnapshot().hasTag('shown')).toBe(false);
  });
});
