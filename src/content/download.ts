/** Copy of /descargar below its heading (the route table's, pages.ts). */
export const DOWNLOAD_COPY = {
  bajada: 'Recibe y gestiona tus pedidos desde tu celular Android.',
  prueba: (days: number) => `Empieza con una prueba gratis de ${days} días. Sin tarjeta y sin compromiso.`,
} as const;
