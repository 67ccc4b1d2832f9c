import { useActorRef, useSelector } from '@xstate/react';
import { CircleCheck } from 'lucide-react';
import { config } from '../config';
import { welcomeMachine } from '../flows/welcome/welcome.machine';
import { analytics } from '../services/analytics';
import { msSinceFirstPaint } from '../services/page-clock';
import { useHydrated } from '../ui/hooks/use-hydrated';
import { useQueryParams } from '../ui/hooks/use-query';
import { WELCOME_COPY } from '../flows/welcome/copy';
import { registrationRedirectUrl } from '../flows/welcome/links';
import '../flows/welcome/welcome.css';
import { useAbortRedirectOnReturn } from '../ui/hooks/use-bfcache-return';

const machine = welcomeMachine.provide({
  actions: {
    trackLead: () => analytics.trackLead(),
    trackPurchase: (_, params) => analytics.trackPurchase(params),
    redirectToRegistration: (_, { plan }) => window.location.assign(registrationRedirectUrl(config, plan)),
  },
});

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
  const actor = useActorRef(machine, {
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

export default function WelcomePage() {
  const hydrated = useHydrated();
  return (
    <section className="container center welcome">
      <h1>{WELCOME_COPY.titulo}</h1>
      {hydrated ? <WelcomeFlow /> : <WelcomeStatus view="preparing" />}
    </section>
  );
}
