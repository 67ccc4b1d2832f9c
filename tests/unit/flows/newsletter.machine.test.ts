import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, type ActorRefFrom } from 'xstate';
import { NOTIFICATION_DISPLAY_MS } from '../../../src/domain/constants';
import {
  isSubscribedReply,
  newsletterMachine,
  successFromReply,
  warningFromReply,
  type NewsletterSubmission,
} from '../../../src/flows/newsletter/newsletter.machine';
import {
  NEWSLETTER_ERROR_MESSAGE,
  NEWSLETTER_FALLBACK_WARNING,
  NEWSLETTER_SUCCESS_MESSAGE,
} from '../../../src/domain/newsletter';
import type { notificationMachine } from '../../../src/flows/notification/notification.machine';
import { controlledActor, settle } from './helpers';

function start() {
  const clock = new SimulatedClock();
  const subscribe = controlledActor<unknown, NewsletterSubmission>();
  const log = vi.fn();
  const clearForm = vi.fn();
  const focusInvalidField = vi.fn();
  const actor = createActor(
    newsletterMachine.provide({
      actors: { subscribe: subscribe.logic },
      actions: { logSubscribeError: (_, params) => log(params), clearForm, focusInvalidField },
    }),
    { clock },
  );
  actor.start();
  return { actor, clock, subscribe, log, clearForm, focusInvalidField };
}

const submission: NewsletterSubmission = {
  action: 'http://127.0.0.1/api/newsletter/',
  method: 'post',
  fields: { email: 'ana@example.com' },
};
const valid = { type: 'form.submit', passesBrowserCheck: true, ...submission } as const;
const invalid = {
  type: 'form.submit',
  passesBrowserCheck: false,
  ...submission,
  fields: { email: 'ana' },
} as const;

describe('newsletter machine', () => {
  it('after a success, subscribes another address with the same form', async () => {
    const { actor, subscribe } = start();
    actor.send(valid);
    subscribe.calls[0]?.resolve({ response: 'success' });
    await settle();
    expect(actor.getSnapshot().value).toBe('success');
    actor.send({ ...valid, fields: { email: 'luis@example.com' } });
    expect(subscribe.calls).toHaveLength(2);
    expect(subscribe.calls[1]?.input.fields).toEqual({ email: 'luis@example.com' });
  });

  it('tells the console, in its words, when the subscription could not be sent', async () => {
    const { actor, subscribe, log } = start();
    actor.send(valid);
    subscribe.calls[0]?.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().value).toBe('error');
    expect(log).toHaveBeenCalledWith({ message: 'Error al enviar la suscripción al boletín' });
  });

  it('marks an invalid form as validated, focuses the field and sends nothing', () => {
    const { actor, subscribe, focusInvalidField } = start();
    expect(actor.getSnapshot().hasTag('validated')).toBe(false);
    actor.send(invalid);
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().hasTag('validated')).toBe(true);
    actor.send(invalid);
    expect(focusInvalidField).toHaveBeenCalledTimes(2);
    expect(subscribe.calls).toHaveLength(0);
  });

  it("sends the form's fields to its action with its method, once, with a spinner", () => {
    const { actor, subscribe } = start();
    actor.send(valid);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(subscribe.calls.map((c) => c.input)).toEqual([submission]);
    // A second press while sending is ignored.
    actor.send(valid);
    expect(subscribe.calls).toHaveLength(1);
  });

  it("shows the server's success message, clears the form and drops the validated mark", async () => {
    const { actor, subscribe, clearForm } = start();
    actor.send(valid);
    subscribe.calls[0]?.resolve({ response: 'success', message: '¡Listo! Te suscribiste al boletín.' });
    await settle();
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.message).toBe('¡Listo! Te suscribiste al boletín.');
    expect(actor.getSnapshot().hasTag('validated')).toBe(false);
    expect(clearForm).toHaveBeenCalledTimes(1);
  });

  it.each([
    { response: 'success' },
    { response: 'success', message: '  ' },
    { response: 'success', message: 5 },
  ])('shows the default success text for %j', async (reply) => {
    const { actor, subscribe } = start();
    actor.send(valid);
    subscribe.calls[0]?.resolve(reply);
    await settle();
    expect(actor.getSnapshot().context.message).toBe(NEWSLETTER_SUCCESS_MESSAGE);
  });

  it("shows the server's message as a 10 s warning notification, as plain text, and allows another try", async () => {
    const { actor, clock, subscribe } = start();
    actor.send(valid);
    subscribe.calls[0]?.resolve({
      response: 'error',
      message: '0 - <a href="javascript:alert(1)">Ya</a> estás   suscrito',
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('warning');
    expect(actor.getSnapshot().context.message).toBe('0 - Ya estás suscrito');
    const notification = actor.getSnapshot().children.notification as
      ActorRefFrom<typeof notificationMachine> | undefined;
    expect(notification?.getSnapshot().context).toEqual({
      message: '0 - Ya estás suscrito',
      tone: 'warning',
    });
    expect(notification?.getSnapshot().hasTag('shown')).toBe(true);
    clock.increment(NOTIFICATION_DISPLAY_MS - 1);
    expect(notification?.getSnapshot().hasTag('shown')).toBe(true);
    clock.increment(1);
    expect(notification?.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().value).toBe('warning');

    actor.send(valid);
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context.message).toBeNull();
    expect(actor.getSnapshot().children.notification).toBeUndefined();
  });

  it('shows the error state on a network or parse failure, logs it, and can send again', async () => {
    const { actor, subscribe, log, clearForm } = start();
    actor.send(valid);
    subscribe.calls[0]?.reject(new SyntaxError('Unexpected token <'));
    await settle();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.message).toBe(NEWSLETTER_ERROR_MESSAGE);
    expect(log).toHaveBeenCalledTimes(1);
    expect(clearForm).not.toHaveBeenCalled();
    actor.send(valid);
    expect(subscribe.calls).toHaveLength(2);
  });

  it('says everything it shows in tú, never vos', () => {
    for (const text of [NEWSLETTER_ERROR_MESSAGE, NEWSLETTER_FALLBACK_WARNING]) {
      expect(text).not.toMatch(/\b(revisá|intentá|probá|volvé|tenés|podés)\b/i);
    }
  });

  it.each([
    [{ response: 'success' }, true],
    [{ response: 'SUCCESS' }, false],
    ['success', false],
    [null, false],
    // The widget answering nothing at all.
    [undefined, false],
    [[], false],
  ])('reads %j as subscribed: %s', (reply, expected) => {
    expect(isSubscribedReply(reply)).toBe(expected);
  });

  it.each([undefined, null, 42, {}, { message: 7 }, { message: '   ' }, { message: '<br>' }])(
    'falls back to the Spanish warning and the default success for %j',
    (reply) => {
      expect(warningFromReply(reply)).toBe(NEWSLETTER_FALLBACK_WARNING);
      expect(successFromReply(reply)).toBe(NEWSLETTER_SUCCESS_MESSAGE);
    },
  );

  it('bounds a very long server message: 300 characters whole, a longer one cut with an ellipsis', () => {
    expect(warningFromReply({ message: 'a'.repeat(5000) }).length).toBeLessThanOrEqual(303);
    expect(warningFromReply({ message: 'a'.repeat(300) })).toBe('a'.repeat(300));
    expect(warningFromReply({ message: 'a'.repeat(301) })).toBe(`${'a'.repeat(300)}...`);
  });

  it("shows the server's message as words: its tags and runs of spaces become one space", () => {
    expect(successFromReply({ message: '<b>¡Gracias</b><br>por   suscribirte!' })).toBe(
      '¡Gracias por suscribirte!',
    );
  });
});
