import { config } from '../../config';
import { mobileAdminUrl, mobileTrialUrl } from './links';
import { mobileSlidesMachine } from './mobile-slides.machine';

/** The slides machine with its effects: the redirects to the trial and to the admin host. */
export function mobileSlidesLogic() {
  return mobileSlidesMachine.provide({
    actions: {
      redirectToTrial: (_, { origin }) => window.location.assign(mobileTrialUrl(config, origin)),
      redirectToAdmin: (_, { origin }) => window.location.assign(mobileAdminUrl(config, origin)),
    },
  });
}
