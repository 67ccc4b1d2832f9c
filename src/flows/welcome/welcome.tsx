import { useSelector } from '@xstate/react';
import { CircleCheck } from 'lucide-react';
import { config } from '../../config';
import { msSinceFirstPaint } from '../../services/page-clock';
import { useHydratedInTransition } from '../../ui/hooks/use-hydrated';
import { useQueryParams } from '../../ui/hooks/use-query-params';
import { WELCOME_COPY } from './copy';
import { registrationRedirectUrl } from './links';
import './welcome.css';
import { useAbortRedirectOnReturn } from '../../ui/hooks/use-abort-redirect-on-return';
import { useFlowActor } from '../../ui/hooks/use-flow-actor';
import { welcomeLogic } from './welcome.wiring';

type WelcomeView = 'preparing' | 'redirecting' | 'staying';

/** What each state shows; the prerendered HTML is the preparing view. */
function WelcomeStatus({ view, href }: { view: WelcomeView; href?: string }) {
  const ready = view !== 'preparing';
  return (
    <div className="welcome-card" data-welcome={view}>
      <p className="welcome-status" role="status">
        {ready ? (
          <CircleCheck className="welcome-check" size={28} aria-hidden="true" />
        ) : (
          <span className="spinner welcome-spinner" aria-hidden="true" />
        )}
        <span>{ready ? WELCOME_COPY.lista : WELCOME_COPY.preparando}</span>
      </p>
      <p className="welcome-next">
        {view === 'redirecting' && (
          <>
            <span className="spinner" aria-hidden="true" /> {WELCOME_COPY.redirigiendo}{' '}
          </>
        )}
        {ready && href && <a href={href}>{WELCOME_COPY.continuar}</a>}
      </p>
    </div>
  );
}

/** Started after hydration: the query parameters are read only then. */
function WelcomeFlow() {
  const query = useQueryParams();
  const actor = useFlowActor(welcomeLogic, {
    input: {
      skipRedirect: query.has('skipRedirect'),
      plan: query.get('plan'),
      elapsedMs: msSinceFirstPaint(),
    },
  });
  const view = useSelector(actor, (s): WelcomeView => {
    if (s.matches('preparing')) return 'preparing';
    return s.matches({ ready: 'redirecting' }) ? 'redirecting' : 'staying';
  });
  const plan = useSelector(actor, (s) => s.context.plan);

  useAbortRedirectOnReturn(actor);

  return <WelcomeStatus view={view} href={registrationRedirectUrl(config, plan)} />;
}

/** The welcome page's content: the static preparing view, then the live flow after hydration. */
export function Welcome() {
  const hydrated = useHydratedInTransition();
  return (
    <section className="container center welcome">
      <h1>{WELCOME_COPY.titulo}</h1>
      {hydrated ? <WelcomeFlow /> : <WelcomeStatus view="preparing" />}
    </section>
  );
}
