import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { mobileSlidesMachine } from '../../../src/flows/mobile-slides/mobile-slides.machine';

function start() {
  const toTrial = vi.fn();
  const toAdmin = vi.fn();
  const actor = createActor(
    mobileSlidesMachine.provide({
      actions: {
        redirectToTrial: (_, params) => toTrial(params),
        redirectToAdmin: (_, params) => toAdmin(params),
      },
    }),
  );
  actor.start();
  return { actor, toTrial, toAdmin };
}

describe('mobile slides machine', () => {
  it('goes from slide 1 to slide 2 and back', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('slide1');
    expect(actor.getSnapshot().can({ type: 'trial.start' })).toBe(false);
    actor.send({ type: 'slide.next' });
    expect(actor.getSnapshot().value).toBe('slide2');
    actor.send({ type: 'slide.back' });
    expect(actor.getSnapshot().value).toBe('slide1');
  });

  it("'Iniciar Prueba Gratis' shows the spinner and redirects to the trial with origin apk", () => {
    const { actor, toTrial, toAdmin } = start();
    actor.send({ type: 'slide.next' });
    actor.send({ type: 'trial.start' });
    expect(actor.getSnapshot().matches({ redirecting: 'trial' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(toTrial).toHaveBeenCalledWith({ origin: 'apk' });
    expect(toAdmin).not.toHaveBeenCalled();
    // A second press while redirecting does nothing.
    actor.send({ type: 'account.open' });
    expect(toAdmin).not.toHaveBeenCalled();
  });

  it("'Ya Tengo Cuenta' redirects to the admin host with origin apk; back/forward cache restores slide 2", () => {
    const { actor, toAdmin } = start();
    actor.send({ type: 'slide.next' });
    actor.send({ type: 'account.open' });
    expect(actor.getSnapshot().matches({ redirecting: 'account' })).toBe(true);
    expect(toAdmin).toHaveBeenCalledWith({ origin: 'apk' });
    actor.send({ type: 'redirect.abort' });
    expect(actor.getSnapshot().value).toBe('slide2');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });
});
