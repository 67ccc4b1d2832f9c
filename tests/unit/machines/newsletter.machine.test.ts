import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  NEWSLETTER_ERROR_MESSAGE,
  NEWSLETTER_FALLBACK_WARNING,
  NEWSLETTER_SUCCESS_MESSAGE,
  isSubscribedReply,
  newsletterMachine,
  warningFromReply,
} from '../../../src/machines/newsletter.machine';
import { controlledActor, settle } from './helpers';

function start() {
  const subscribe = controlledActor<unknown, { fields: Record<string, string> }>();
  const log = vi.fn();
  const actor = createActor(
    newsletterMachine.provide({
      actors: { subscribe: subscribe.logic },
      actions: { logSubscribeError: (_, params) => log(params) },
    }),
  );
  actor.start();
  return { actor, subscribe, log };
}

const fields = { EMAIL: 'ana@example.com', FNAME: 'Ana' };

describe('newsletter machine', () => {
  it('marks an invalid form as validated and does not send it', () => {
    const { actor, subscribe } = start();
    expect(actor.getSnapshot().hasTag('validated')).toBe(false);
    actor.send({ type: 'form.submit', valid: false, fields });
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().hasTag('validated')).toBe(true);
    expect(subscribe.calls).toHaveLength(0);
  });

  it('sends a valid form with a spinner and shows the default success message', async () => {
    const { actor, subscribe } = start();
    actor.send({ type: 'form.submit', valid: true, fields });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(subscribe.calls[0]?.input).toEqual({ fields });
    // A second press while sending is ignored.
    actor.send({ type: 'form.submit', valid: true, fields });
    expect(subscribe.calls).toHaveLength(1);
    subscribe.calls[0]?.resolve({ result: 'success', response: 'success', message: 'ignored' });
    await settle();
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.message).toBe(NEWSLETTER_SUCCESS_MESSAGE);
  });

  it("shows the server's message as a warning, as plain text, and allows another try", async () => {
    const { actor, subscribe } = start();
    actor.send({ type: 'form.submit', valid: true, fields });
    subscribe.calls[0]?.resolve({
      response: 'error',
      message: '0 - <a href="javascript:alert(1)">Ya</a> estás   suscripto',
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('warning');
    expect(actor.getSnapshot().context.message).toBe('0 - Ya estás suscripto');
    actor.send({ type: 'form.submit', valid: true, fields });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context.message).toBeNull();
  });

  it('shows the error state on a network or parse failure and logs it', async () => {
    const { actor, subscribe, log } = start();
    actor.send({ type: 'form.submit', valid: true, fields });
    subscribe.calls[0]?.reject(new SyntaxError('Unexpected token <'));
    await settle();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.message).toBe(NEWSLETTER_ERROR_MESSAGE);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{ response: 'success' }, true],
    [{ response: 'SUCCESS' }, false],
    ['success', false],
    [null, false],
    [[], false],
  ])('reads %j as subscribed: %s', (reply, expected) => {
    expect(isSubscribedReply(reply)).toBe(expected);
  });

  it.each([undefined, null, 42, {}, { message: 7 }, { message: '   ' }, { message: '<br>' }])(
    'falls back to the Spanish warning for %j',
    (reply) => {
      expect(warningFromReply(reply)).toBe(NEWSLETTER_FALLBACK_WARNING);
    },
  );

  it('bounds a very long server message', () => {
    expect(warningFromReply({ message: 'a'.repeat(5000) }).length).toBeLessThanOrEqual(303);
  });
});
