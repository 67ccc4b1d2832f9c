import { useSelector } from '@xstate/react';
import { useFlowActor } from '../../ui/hooks/use-flow-actor';
import { X } from 'lucide-react';
import type { ActorRefFrom } from 'xstate';
import { NOTIFICATION_COPY } from './copy';
import { notificationMachine, type NotificationInput } from './notification.machine';
import './notification.css';

export type NotificationActor = ActorRefFrom<typeof notificationMachine>;

/**
 * Renders a notification machine: the message with its tone and a close button while it is shown
 * (10 s), nothing afterwards. Hover and keyboard focus hold it. Danger notifications are alerts,
 * the others polite status messages.
 */
export function NotificationView({
  actorRef,
  className,
}: {
  actorRef: NotificationActor;
  className?: string;
}) {
  const shown = useSelector(actorRef, (s) => s.hasTag('shown'));
  const message = useSelector(actorRef, (s) => s.context.message);
  const tone = useSelector(actorRef, (s) => s.context.tone);
  if (!shown) return null;
  const hold = () => actorRef.send({ type: 'notification.hold' });
  const release = () => actorRef.send({ type: 'notification.release' });
  return (
    <div
      className={['notification', `notification--${tone}`, className].filter(Boolean).join(' ')}
      role={tone === 'danger' ? 'alert' : 'status'}
      onMouseEnter={hold}
      onMouseLeave={release}
      onFocus={hold}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) release();
      }}
    >
      <p className="notification-message">{message}</p>
      <button
        type="button"
        className="notification-close"
        aria-label={NOTIFICATION_COPY.cerrar}
        onClick={() => actorRef.send({ type: 'notification.dismiss' })}
      >
        <X size={18} aria-hidden="true" />
      </button>
    </div>
  );
}

/** A notification that owns its machine: shown when mounted, for the display delay. */
export function Notification({ message, tone, className }: NotificationInput & { className?: string }) {
  const actorRef = useFlowActor(() => notificationMachine, { input: { message, tone } });
  return <NotificationView actorRef={actorRef} {...(className ? { className } : {})} />;
}
