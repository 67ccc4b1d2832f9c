/** Copy of /test, the internal page with the three WhatsApp link formats. */
export const WHATSAPP_TEST_COPY = {
  mensaje: '¡Hola! Esto es una prueba de enlace.',
  formato: (format: string) => `Formato ${format}`,
} as const;
