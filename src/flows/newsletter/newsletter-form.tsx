import { useSelector } from '@xstate/react';
import { useEffect, useId, type FormEvent } from 'react';
import { config } from '../../config';
import { NEWSLETTER_COPY } from './copy';
import { NEWSLETTER_EMAIL_FIELD, NEWSLETTER_PATH, type NewsletterSubmission } from '../../domain/newsletter';
import { apiUrl } from '../../services/http';
import { NotificationView, type NotificationActor } from '../notification/notification';
import './newsletter-form.css';
import { useFlowActor } from '../../ui/hooks/use-flow-actor';
import { newsletterLogic } from './newsletter.wiring';

const ACTION = apiUrl(config.apiBase, NEWSLETTER_PATH);

/** The form as the browser would submit it: its action, its method and its text fields. */
function readForm(form: HTMLFormElement): NewsletterSubmission {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields[name] = value;
  return { action: form.action, method: form.method, fields };
}

/**
 * The newsletter subscribe form (spec sections 5 and 7), rendering the newsletter machine: the
 * browser's validity check, a spinner while sending, the success text or the network error under
 * the form, and the server's warning as a notification. Pages use it through NewsletterSlot;
 * `onHydrated` tells the slot the form is live.
 */
export function NewsletterForm({ onHydrated }: { onHydrated?: () => void } = {}) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  const id = useId();
  const form = () => document.getElementById(`${id}-form`) as HTMLFormElement | null;
  const actor = useFlowActor(() => newsletterLogic(form));
  const validated = useSelector(actor, (s) => s.hasTag('validated'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const invalid = useSelector(actor, (s) => s.matches('invalid'));
  const success = useSelector(actor, (s) => (s.matches('success') ? s.context.message : null));
  const error = useSelector(actor, (s) => (s.matches('error') ? s.context.message : null));
  const notification = useSelector(actor, (s) => s.children.notification as NotificationActor | undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    actor.send({ type: 'form.submit', passesBrowserCheck: form.checkValidity(), ...readForm(form) });
  };

  return (
    <section className="newsletter" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`}>{NEWSLETTER_COPY.titulo}</h2>
      <p>{NEWSLETTER_COPY.bajada}</p>
      <form
        id={`${id}-form`}
        className={validated ? 'newsletter-form was-validated' : 'newsletter-form'}
        method="post"
        action={ACTION}
        noValidate
        aria-busy={busy}
        onSubmit={onSubmit}
      >
        <label htmlFor={`${id}-email`}>{NEWSLETTER_COPY.etiqueta}</label>
        <div className="newsletter-row">
          <input
            id={`${id}-email`}
            className="newsletter-input"
            type="email"
            name={NEWSLETTER_EMAIL_FIELD}
            required
            autoComplete="email"
            placeholder={NEWSLETTER_COPY.ejemplo}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-invalido` : undefined}
          />
          <button
            type="submit"
            className="btn btn-primary newsletter-button"
            aria-disabled={busy || undefined}
          >
            {busy ? (
              <>
                <span className="spinner" aria-hidden="true" /> {NEWSLETTER_COPY.enviando}
              </>
            ) : (
              NEWSLETTER_COPY.boton
            )}
          </button>
        </div>
        <p id={`${id}-invalido`} className="invalid-feedback">
          {NEWSLETTER_COPY.invalido}
        </p>
        <p className="newsletter-success" role="status">
          {success}
        </p>
        <p className="newsletter-error" role="alert">
          {error}
        </p>
        <div className="newsletter-notice">
          {notification && <NotificationView actorRef={notification} />}
        </div>
      </form>
    </section>
  );
}
