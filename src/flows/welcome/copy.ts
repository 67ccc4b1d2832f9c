/** Copy of the welcome page (/bienvenido); the three status lines are the spec's own (section 2). */
import { pageByKey } from '../../content/pages';

export const WELCOME_COPY = {
  /** The page's heading, from the route table. */
  titulo: pageByKey('bienvenido').h1,
  preparando: 'PREPARANDO TU CUENTA...',
  lista: 'TU CUENTA ESTÁ LISTA',
  redirigiendo: 'Te llevamos a completar tu registro.',
  continuar: 'Continuar al registro',
} as const;
