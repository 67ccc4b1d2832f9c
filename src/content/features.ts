/** The name of the five management areas, on the features page and on the white-label page. */
export const FEATURE_AREAS_TITLE = 'Áreas de gestión';

/** The rest of the features page (/caracteristicas), below its heading. */
export const FEATURES_PAGE_COPY = {
  bajada: 'Todo lo que necesitas para vender online y ordenar tu negocio, en una sola herramienta.',
  areas: FEATURE_AREAS_TITLE,
  ctaTitulo: 'Empieza hoy mismo',
  ctaBoton: 'Registra tu Negocio Ahora',
} as const;

/** The five management areas of the features page (spec section 2). */
export const FEATURE_AREAS: readonly { title: string; bullets: readonly string[] }[] = [
  {
    title: 'Recepción de pedidos',
    bullets: [
      'Pedidos en tu celular y por WhatsApp',
      'Carrito de compras y productos ilimitados',
      'Código QR para tu local',
      'Impresión de tickets y comandas (Bluetooth, WiFi y USB)',
    ],
  },
  {
    title: 'Gestión de ventas',
    bullets: [
      'Ventas pendientes, en preparación y enviadas',
      'Gestión de mesas y salón',
      'Direcciones de entrega geolocalizadas',
      'Costo de envío automático según la distancia',
    ],
  },
  {
    title: 'Gestión del catálogo',
    bullets: [
      'Carga y actualización desde Excel',
      'Control de stock simple',
      'Catálogo privado',
      'Varias listas de precios',
    ],
  },
  {
    title: 'Gestión de finanzas',
    bullets: [
      'Reportes de ventas',
      'Cupones de pago automáticos (solo Argentina)',
      'Varios usuarios con roles de acceso',
      'Gestión de vendedores',
    ],
  },
  {
    title: 'Promoción del negocio',
    bullets: [
      'Cupones de descuento',
      'Respuestas rápidas de WhatsApp',
      'Dominio .com propio, opcionalmente administrado por nosotros',
    ],
  },
];
