/** Copy of the white-label landing (/marcablanca, spec sections 1 and 2), for resellers. */
import { FEATURE_AREAS_TITLE } from './features';

type WhiteLabelIcon = 'store' | 'tags' | 'percent' | 'smartphone';

export interface WhiteLabelHighlight {
  icon: WhiteLabelIcon;
  titulo: string;
  detalle: string;
}

/** A highlight's title and an item of the plan: the reseller's pricing in one line. */
const PAY_PER_CONFIRMED_CLIENT = 'Pagas solo por clientes confirmados';

export const WHITE_LABEL_COPY = {
  bajada: 'Suma a tu oferta una plataforma de tiendas online sin desarrollar nada.',
  llamada: 'Coordinar una llamada por WhatsApp',
  destacados: {
    titulo: 'Por qué marca blanca',
    items: [
      {
        icon: 'store',
        titulo: 'Tu propia marca',
        detalle: 'Vende tiendas online con tu nombre y tu logo. Tus clientes ven tu marca.',
      },
      {
        icon: 'tags',
        titulo: 'Trasladas el costo',
        detalle: 'El costo de cada tienda lo trasladas a tus clientes, con el precio que tú definas.',
      },
      {
        icon: 'percent',
        titulo: PAY_PER_CONFIRMED_CLIENT,
        detalle: 'Tu abono mensual depende únicamente de los clientes que confirman su suscripción.',
      },
      {
        icon: 'smartphone',
        titulo: 'Lista para vender',
        detalle:
          'La plataforma y la app de administración para Android ya están hechas: solo sumas clientes.',
      },
    ] satisfies readonly WhiteLabelHighlight[],
  },
  areas: {
    titulo: FEATURE_AREAS_TITLE,
    bajada: 'Cada cliente maneja su negocio completo desde un solo lugar.',
    verMas: 'Ver todas las características',
  },
  funciones: {
    titulo: 'Funciones incluidas',
    bajada: 'Cada tienda que vendes con tu marca trae todas las funciones de la plataforma.',
    soloArgentina: 'Solo en Argentina',
  },
  plan: {
    titulo: 'Un único plan mensual',
    nombre: 'Plan Marca Blanca',
    detalle: 'Abono mensual por cada cliente confirmado, con todas las funciones incluidas.',
    incluye: [
      'Tiendas online con tu marca para cada cliente',
      'Todas las funciones de la plataforma',
      PAY_PER_CONFIRMED_CLIENT,
      'Sin plazo mínimo',
    ],
    consulta: 'Consultar el valor por WhatsApp',
  },
  faq: {
    titulo: 'Preguntas frecuentes',
    items: [
      {
        id: 'marca',
        pregunta: '¿Mis clientes ven mi marca?',
        respuesta: 'Sí. Tus clientes usan la plataforma con tu nombre y tu logo.',
      },
      {
        id: 'pago',
        pregunta: '¿Cuándo pago?',
        respuesta: 'Pagas únicamente por los clientes que confirman su suscripción.',
      },
      {
        id: 'precio',
        pregunta: '¿Cuánto les cobro a mis clientes?',
        respuesta: 'Lo decides tú: trasladas el costo a tus clientes y fijas el precio de cada tienda.',
      },
      {
        id: 'plazo',
        pregunta: '¿Hay un plazo mínimo?',
        respuesta:
          'No. Cancelar es simplemente no renovar: la tienda se desactiva sola al terminar el período pagado.',
      },
      {
        id: 'soporte',
        pregunta: '¿Quién da soporte?',
        respuesta:
          'Te acompañamos en la puesta en marcha y te damos soporte para que atiendas a tus clientes.',
      },
    ],
  },
  cierre: {
    titulo: '¿Hablamos?',
    bajada: 'Cuéntanos cómo trabajas y armamos juntos la propuesta para tus clientes.',
    llamada: 'Coordinar una llamada',
  },
} as const;
