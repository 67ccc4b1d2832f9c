/** What a page says when its code never ran (src/boot/not-loaded.ts, docs/first-seconds.md). */
export const NOT_LOADED_COPY = {
  /** Followed by the two ways on: a reload, or the chat. */
  texto: 'La página no terminó de cargar y algunos botones no responden. ',
  recargar: 'Vuelve a cargarla',
  o: ' o ',
  whatsapp: 'escríbenos por WhatsApp',
  fin: '.',
} as const;
