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
  description:
    'Bienvenida de la app móvil: dos diapositivas y, al final, el paso a la prueba gratis o a la cuenta que el visitante ya tiene.',
  initial: 'slide1',
  states: {
    slide1: {
      description: 'Diapositiva 1: la bienvenida, con el botón para comenzar.',
      on: {
        'slide.next': {
          target: 'slide2',
          description: 'El visitante pulsa el botón para comenzar o desliza hacia la diapositiva 2.',
        },
      },
    },
    slide2: {
      description:
        'Diapositiva 2: los beneficios, con los botones "Iniciar Prueba Gratis" y "Ya Tengo Cuenta".',
      on: {
        'slide.back': {
          target: 'slide1',
          description: 'El visitante vuelve o desliza hacia la diapositiva 1.',
        },
        'trial.start': {
          target: 'redirecting.trial',
          description: 'El visitante pulsa "Iniciar Prueba Gratis".',
        },
        'account.open': {
          target: 'redirecting.account',
          description: 'El visitante pulsa "Ya Tengo Cuenta".',
        },
      },
    },
    redirecting: {
      description: 'Se muestra un indicador de carga mientras se redirige.',
      tags: ['busy'],
      initial: 'trial',
      on: {
        'redirect.abort': {
          target: 'slide2',
          description: 'Si el visitante vuelve a la página con el botón Atrás, ve otra vez la diapositiva 2.',
        },
      },
      states: {
        trial: {
          description:
            'Se redirige al sitio de registro para la prueba gratis, indicando que el visitante viene de la app.',
          entry: [{ type: 'redirectToTrial', params: { origin: MOBILE_ORIGIN } }],
        },
        account: {
          description:
            'Se redirige a la administración de la tienda, indicando que el visitante viene de la app.',
          entry: [{ type: 'redirectToAdmin', params: { origin: MOBILE_ORIGIN } }],
        },
      },
    },
  },
});
