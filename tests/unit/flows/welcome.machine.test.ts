import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { WELCOME_REDIRECT_DELAY_MS } from '../../../src/domain/constants';
import {
  conversionValueFor,
  welcomeMachine,
  welcomePlanFrom,
  type WelcomeInput,
} from '../../../src/flows/welcome/welcome.machine';

function start(input: WelcomeInput) {
  const clock = new SimulatedClock();
  const trackLead = vi.fn();
  const trackPurchase = vi.fn();
  const redirect = vi.fn();
  const actor = createActor(
    welcomeMachine.provide({
      actions: {
        trackLead,
        trackPurchase: (_, params) => trackPurchase(params),
        redirectToRegistration: (_, params) => redirect(params),
      },
    }),
    { input, clock },
  );
  actor.start();
  return { actor, clock, trackLead, trackPurchase, redirect };
}

describe('welcome machine', () => {
  it('maps the plan to the conversion value: 36 premium, 12 pro or anything else', () => {
    expect(conversionValueFor('premium')).toBe(36);
    expect(conversionValueFor('pro')).toBe(12);
    expect(conversionValueFor(null)).toBe(12);
    expect(conversionValueFor('PREMIUM')).toBe(12);
  });

  it('sends Lead and Purchase at once, then shows ready and redirects after 2000 ms', () => {
    const { actor, clock, trackLead, trackPurchase, redirect } = start({
      skipRedirect: false,
      plan: 'premium',
    });
    expect(actor.getSnapshot().value).toBe('preparing');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(trackLead).toHaveBeenCalledTimes(1);
    expect(trackPurchase).toHaveBeenCalledWith({ value: 36, currency: 'USD' });

    clock.increment(WELCOME_REDIRECT_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('preparing');
    expect(redirect).not.toHaveBeenCalled();

    clock.increment(1);
    expect(actor.getSnapshot().matches({ ready: 'redirecting' })).toBe(true);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledWith({ plan: 'premium' });
  });

  it("counts the 2000 ms from when the visitor first saw 'PREPARANDO TU CUENTA...'", () => {
    const { actor, clock, redirect } = start({ skipRedirect: false, plan: 'pro', elapsedMs: 1500 });
    clock.increment(WELCOME_REDIRECT_DELAY_MS - 1500 - 1);
    expect(actor.getSnapshot().value).toBe('preparing');
    clock.increment(1);
    expect(redirect).toHaveBeenCalledWith({ plan: 'pro' });
  });

  it('is ready at once when the page took longer than 2000 ms to start its code', () => {
    const { actor, clock, trackLead } = start({ skipRedirect: true, elapsedMs: 3100 });
    expect(trackLead).toHaveBeenCalledTimes(1);
    clock.increment(0);
    expect(actor.getSnapshot().matches({ ready: 'staying' })).toBe(true);
  });

  it('stays on the ready state without redirecting when skipRedirect is set', () => {
    const { actor, clock, redirect, trackPurchase } = start({ skipRedirect: true, plan: 'pro' });
    expect(trackPurchase).toHaveBeenCalledWith({ value: 12, currency: 'USD' });
    clock.increment(60000);
    expect(actor.getSnapshot().matches({ ready: 'staying' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('keeps the plan only when it is exactly pro or premium; anything else is worth 12 USD', () => {
    expect(welcomePlanFrom('pro')).toBe('pro');
    expect(welcomePlanFrom('premium')).toBe('premium');
    for (const raw of [null, undefined, '', 'Premium', 'platinum', ' pro', '"><script>'])
      expect(welcomePlanFrom(raw)).toBeNull();
    const { actor } = start({ skipRedirect: false, plan: '"><script>' });
    expect(actor.getSnapshot().context).toEqual({
      skipRedirect: false,
      plan: null,
      conversionValue: 12,
      elapsedMs: 0,
    });
  });

  it('redirects without a plan when none (or an unknown one) was given', () => {
    const { clock, redirect, trackPurchase } = start({ skipRedirect: false, plan: 'platinum' });
    expect(trackPurchase).toHaveBeenCalledWith({ value: 12, currency: 'USD' });
    clock.increment(WELCOME_REDIRECT_DELAY_MS);
    expect(redirect).toHaveBeenCalledWith({ plan: null });
  });

  it('stays on ready, without a second redirect or conversion, when the page comes back from the cache', () => {
    const { actor, clock, redirect, trackLead, trackPurchase } = start({ skipRedirect: false, plan: 'pro' });
    clock.increment(WELCOME_REDIRECT_DELAY_MS);
    expect(redirect).toHaveBeenCalledWith({ plan: 'pro' });
    actor.send({ type: 'redirect.abort' });
    expect(actor.getSnapshot().matches({ ready: 'staying' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    clock.increment(60000);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(trackLead).toHaveBeenCalledTimes(1);
    expect(trackPurchase).toHaveBeenCalledTimes(1);
  });

  it('ignores redirect.abort before the redirect', () => {
    const { actor, clock, redirect } = start({ skipRedirect: false, plan: null });
    actor.send({ type: 'redirect.abort' });
    expect(actor.getSnapshot().value).toBe('preparing');
    clock.increment(WELCOME_REDIRECT_DELAY_MS);
    expect(redirect).toHaveBeenCalledTimes(1);
  });
});
