import { config } from '../../config';
import { analytics } from '../../services/analytics';
import { registrationRedirectUrl } from './links';
import { welcomeMachine } from './welcome.machine';

/** The welcome machine with the browser's effects: the conversion events and the redirect. */
export function welcomeLogic() {
  return welcomeMachine.provide({
    actions: {
      trackLead: () => analytics.trackLead(),
      trackPurchase: (_, params) => analytics.trackPurchase(params),
      redirectToRegistration: (_, { plan }) => window.location.assign(registrationRedirectUrl(config, plan)),
    },
  });
}
