import {
  CONVERSION_CURRENCY,
  CONVERSION_VALUE_PREMIUM_USD,
  CONVERSION_VALUE_PRO_USD,
  WELCOME_REDIRECT_DELAY_MS,
} from '../../domain/constants';
import type { FlowEntry } from '../flow-notes';
import { welcomeMachine, type WelcomeInput } from './welcome.machine';

const premium = `${CONVERSION_VALUE_PREMIUM_USD}\u00a0${CONVERSION_CURRENCY}`;
const pro = `${CONVERSION_VALUE_PRO_USD}\u00a0${CONVERSION_CURRENCY}`;

/** The welcome page (/bienvenido): the conversions, then the redirect to the registration site. */
export const welcomeFlow: FlowEntry = {
  order: 20,
  slug: 'welcome',
  title: 'Página de bienvenida (/bienvenido)',
  description: `Se muestra 'PREPARANDO TU CUENTA...' durante ${WELCOME_REDIRECT_DELAY_MS} ms y se registran las conversiones de prospecto y de compra; luego se muestra 'TU CUENTA ESTÁ LISTA' y el visitante pasa al sitio de registro, salvo que la dirección de la página pida no redirigir o que el visitante vuelva a la página con el botón Atrás. El valor de la conversión de compra depende del plan: ${premium} para el plan Premium y ${pro} para cualquier otro.`,
  source: 'src/flows/welcome/welcome.machine.ts',
  machine: welcomeMachine,
  exampleInput: { skipRedirect: false, plan: 'premium' } satisfies WelcomeInput,
  notes: {
    events: {
      'redirect.abort':
        'El visitante vuelve a la página con el botón Atrás del navegador después de la redirección: no se lo redirige otra vez.',
    },
    guards: {
      shouldSkipRedirect: 'La dirección de la página trae el parámetro `skipRedirect`: no se redirige.',
    },
    actions: {
      trackLead: 'Registra la conversión de prospecto (`Lead`) en la analítica.',
      trackPurchase: `Registra la conversión de compra (\`Purchase\`) en la analítica, con su valor según el plan (${pro} o ${premium}).`,
      redirectToRegistration:
        'Lleva al visitante al sitio de registro; le pasa el plan (`plan`) solo si es `pro` o `premium`.',
    },
    actors: {},
    context: {
      skipRedirect: 'si la dirección pide no redirigir',
      plan: 'plan elegido',
      conversionValue: 'valor de la conversión de compra, en dólares',
      elapsedMs: 'tiempo que ya pasó desde que el visitante vio la página, en milésimas de segundo',
    },
    delays: {
      redirectDelay:
        "Tiempo que se muestra 'PREPARANDO TU CUENTA...' antes de mostrar la cuenta lista, contado desde que el visitante vio la página por primera vez (si el código de la página empezó más tarde, solo se espera lo que falta).",
    },
  },
};
