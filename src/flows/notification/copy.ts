/** Copy of the notifications (spec sections 8 and 9). */
export const NOTIFICATION_COPY = {
  cerrar: 'Cerrar aviso',
  /** The danger notification of spec section 8 for an optional widget whose script did not load. */
  pluginFaltante: (plugin: string) => `${plugin} plugin is missing`,
} as const;
