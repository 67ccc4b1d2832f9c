/** Copy of the notifications (spec sections 8 and 9). */

export const NOTIFICATION_COPY = {
  cerrar: 'Cerrar aviso',
} as const;

/** The danger notification of spec section 8 for an optional widget whose script did not load. */
export function pluginMissingMessage(plugin: string): string {
  return `${plugin} plugin is missing`;
}
