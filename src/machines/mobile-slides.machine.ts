import { setup } from 'xstate';

export type MobileSlidesEvent =
  | { type: 'slide.next' }
  | { type: 'slide.back' }
  | { type: 'trial.start' }
  | { type: 'account.open' }
  | { type: 'redirect.abort' };

/** Origin sent to the registration and admin hosts from the Android app's welcome. */
export const MOBILE_ORIGIN = 'apk';

/**
 * Mobile app welcome (/mobile/bienvenida, spec sections 2 and 4): slide 1 (welcome, start
 * button), slide 2 (benefits, 'Iniciar Prueba Gratis' and 'Ya Tengo Cuenta'); either button shows
 * the spinner and redirects with origin apk.
 */
export const mobileSlidesMachine = setup({
  types: {
    events: {} as MobileSlidesEvent,
    tags: {} as 'busy',
  },
  actions: {
    redirectToTrial: (_, _params: { origin: string }) => {},
    redirectToAdmin: (_, _params: { origin: string }) => {},
  },
}).createMachine({
  id: 'mobileSlides',
  initial: 'slide1',
  states: {
    slide1: {
      on: { 'slide.next': { target: 'slide2' } },
    },
    slide2: {
      on: {
        'slide.back': { target: 'slide1' },
        'trial.start': { target: 'redirecting.trial' },
        'account.open': { target: 'redirecting.account' },
      },
    },
    redirecting: {
      tags: ['busy'],
      initial: 'trial',
      on: { 'redirect.abort': { target: 'slide2' } },
      states: {
        trial: {
          entry: [{ type: 'redirectToTrial', params: { origin: MOBILE_ORIGIN } }],
        },
        account: {
          entry: [{ type: 'redirectToAdmin', params: { origin: MOBILE_ORIGIN } }],
        },
      },
    },
  },
});
