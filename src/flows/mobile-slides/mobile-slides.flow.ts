import type { FlowEntry } from '../flow-notes';
import { MOBILE_ORIGIN, mobileSlidesMachine } from './mobile-slides.machine';

/** The Android app's welcome (/mobile/bienvenida): two slides, then the trial or the store's admin. */
export const mobileSlidesFlow: FlowEntry = {
  order: 50,
  slug: 'mobile-slides',
  title: 'Bienvenida de la app móvil (/mobile/bienvenida)',
  description: `Dos diapositivas: la bienvenida y los beneficios. Desde la segunda, el visitante va a la prueba gratis ('Iniciar Prueba Gratis') o a la administración de su tienda ('Ya Tengo Cuenta'); mientras se lo redirige ve un indicador de carga, y la dirección indica que viene de la app (origen=${MOBILE_ORIGIN}). Si vuelve a la página con el botón Atrás, ve otra vez la diapositiva 2.`,
  source: 'src/flows/mobile-slides/mobile-slides.machine.ts',
  machine: mobileSlidesMachine,
  exampleInput: undefined,
  notes: {
    events: {
      'slide.next':
        "El visitante pulsa 'Comenzar' en la diapositiva 1 o desliza hacia la diapositiva 2 (el deslizamiento se prepara con el primer toque sobre las diapositivas, para no demorar la carga de la página).",
      'slide.back': "El visitante pulsa 'Volver' en la diapositiva 2 o desliza de vuelta a la diapositiva 1.",
      'trial.start': "El visitante pulsa 'Iniciar Prueba Gratis'.",
      'account.open': "El visitante pulsa 'Ya Tengo Cuenta'.",
      'redirect.abort': 'El visitante vuelve a la página con el botón Atrás del navegador después de salir.',
    },
    guards: {},
    actions: {
      redirectToTrial: `Lleva al visitante al sitio de registro para la prueba gratis, indicando que viene de la app (\`origen=${MOBILE_ORIGIN}\`).`,
      redirectToAdmin: `Lleva al visitante a la administración de su tienda, indicando que viene de la app (\`origen=${MOBILE_ORIGIN}\`).`,
    },
    actors: {},
    delays: {},
  },
};
