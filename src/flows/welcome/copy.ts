/** Copy of the welcome page (/bienvenido); the three status lines are the spec's own (section 2). */
export const WELCOME_COPY = {
  titulo: 'Bienvenido',
  preparando: 'PREPARANDO TU CUENTA...',
  lista: 'TU CUENTA ESTÁ LISTA',
  redirigiendo: 'Te llevamos a completar tu registro.',
  continuar: 'Continuar al registro',
} as const;
