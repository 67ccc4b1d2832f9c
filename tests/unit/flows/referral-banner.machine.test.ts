import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { REFERRAL_BANNER_HIDE_DELAY_MS, REFERRAL_BANNER_SHOW_DELAY_MS } from '../../../src/domain/constants';
import { referralBannerMachine } from '../../../src/flows/referral-banner/referral-banner.machine';

function start(code: string | null | undefined, elapsedMs?: number) {
  const clock = new SimulatedClock();
  const applyReferral = vi.fn();
  const actor = createActor(
    referralBannerMachine.provide({ actions: { applyReferral: (_, params) => applyReferral(params) } }),
    { input: { code, elapsedMs }, clock },
  );
  actor.start();
  return { actor, clock, applyReferral };
}

describe('referral banner machine', () => {
  it('appears 500 ms after load and hides by itself 12000 ms later', () => {
    const { actor, clock } = start('AMIGO25');
    expect(actor.getSnapshot().value).toBe('hidden');
    clock.increment(REFERRAL_BANNER_SHOW_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('hidden');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('visible');
    clock.increment(REFERRAL_BANNER_HIDE_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('visible');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('dismissed');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('counts the 500 ms from the page load: started 300 ms after it, it waits only 200 ms more', () => {
    const { actor, clock } = start('AMIGO25', 300);
    clock.increment(REFERRAL_BANNER_SHOW_DELAY_MS - 300 - 1);
    expect(actor.getSnapshot().value).toBe('hidden');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('visible');
  });

  it('appears at once when started after the 500 ms, and still stays 12000 ms from then', () => {
    const { actor, clock } = start('AMIGO25', 2400);
    clock.increment(0);
    expect(actor.getSnapshot().value).toBe('visible');
    clock.increment(REFERRAL_BANNER_HIDE_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('visible');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('dismissed');
  });

  it.each([Number.NaN, -50, Number.POSITIVE_INFINITY])(
    'treats a nonsense elapsed time (%s) as none',
    (elapsed) => {
      const { actor, clock } = start('AMIGO25', elapsed);
      clock.increment(REFERRAL_BANNER_SHOW_DELAY_MS - 1);
      expect(actor.getSnapshot().value).toBe('hidden');
    },
  );

  it("hides and applies the code on 'Aplicar'", () => {
    const { actor, clock, applyReferral } = start(' AMIGO25 ');
    clock.increment(REFERRAL_BANNER_SHOW_DELAY_MS);
    actor.send({ type: 'banner.apply' });
    expect(actor.getSnapshot().value).toBe('dismissed');
    expect(applyReferral).toHaveBeenCalledWith({ code: 'AMIGO25' });
  });

  it("ignores 'Aplicar' before the banner shows", () => {
    const { actor, applyReferral } = start('AMIGO25');
    actor.send({ type: 'banner.apply' });
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(applyReferral).not.toHaveBeenCalled();
  });

  it.each(['Ñandú_2024', '𝒜'.repeat(32)])('shows a code of any letters up to 32 characters (%j)', (code) => {
    const { actor, clock } = start(code);
    clock.increment(REFERRAL_BANNER_SHOW_DELAY_MS);
    expect(actor.getSnapshot().value).toBe('visible');
    expect(actor.getSnapshot().context.code).toBe(code);
  });

  it.each([undefined, null, '', '   ', 'X'.repeat(33), '<script>', 'dos palabras'])(
    'never shows without a usable code (%j)',
    (code) => {
      const { actor, clock } = start(code);
      clock.increment(REFERRAL_BANNER_SHOW_DELAY_MS + REFERRAL_BANNER_HIDE_DELAY_MS);
      expect(actor.getSnapshot().value).toBe('hidden');
    },
  );
});
