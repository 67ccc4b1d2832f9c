/** Copy of /registro around the wizard, whose own copy is its flow's (src/flows/registration/copy.ts). */
export const REGISTRATION_PAGE_COPY = {
  bajada: 'Déjanos tus datos, responde tres preguntas rápidas y te ayudamos a abrir tu tienda online.',
  region: 'Registro',
} as const;
