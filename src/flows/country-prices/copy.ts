/** Copy of the pricing section (anchor planes): each plan's contents and the section's words. */
import { MENU_COPY } from '../../content/layout';
import type { PlanId } from '../../domain/plans';

/** Plan contents of spec sections 3 and 9: featured checked, checked and unchecked items. */
export interface PlanContent {
  plan: PlanId;
  resumen: string;
  destacados: readonly string[];
  incluidos: readonly string[];
  noIncluidos: readonly string[];
  /** The card drawn as the recommended one. */
  recomendado?: boolean;
}

export const PLAN_CONTENTS: Readonly<Record<PlanId, PlanContent>> = {
  planProfesional: {
    plan: 'planProfesional',
    resumen: 'Todo lo que necesitas para empezar a vender online.',
    destacados: ['1 tienda online', 'Productos ilimitados', '0\u00a0% de comisión por venta'],
    incluidos: [
      'Carrito y pedidos por WhatsApp',
      'Código QR para tu local',
      'Impresión de tickets y comandas',
      'Carga de productos con Excel',
      'Reportes de ventas y control de stock',
      'Cupones de descuento',
      '1 usuario',
    ],
    noIncluidos: ['Varias listas de precios', 'Usuarios con roles', 'Dominio propio .com'],
  },
  planPremium: {
    plan: 'planPremium',
    resumen: 'Para negocios que crecen y trabajan en equipo.',
    destacados: ['2 listas de precios', '4 usuarios con roles', 'Opción de dominio propio .com'],
    incluidos: [
      'Todo lo del plan Profesional',
      'Catálogo privado',
      'Gestión de vendedores',
      'Gestión de mesas y salón',
      'Delivery con costo automático por distancia',
    ],
    noIncluidos: ['Tiendas adicionales', 'Comunidad'],
    recomendado: true,
  },
  planPlatinum: {
    plan: 'planPlatinum',
    resumen: 'Para marcas con más de un local o canal de venta.',
    destacados: [
      '2 tiendas Premium',
      '1 comunidad',
      '4 listas de precios',
      '12 usuarios con roles',
      'Dominio .com totalmente gestionado',
    ],
    incluidos: ['Todo lo del plan Premium en cada tienda', 'Atención prioritaria por WhatsApp'],
    noIncluidos: [],
  },
};

export const PRICING_COPY = {
  titulo: MENU_COPY.planes,
  bajada: 'Abono mensual fijo, 0\u00a0% de comisión y sin plazo mínimo. Garantía de devolución de 24 horas.',
  porMes: '/mes',
  elegir: 'Elegir este Plan',
  selectorPais: 'Seleccione su país',
  preciosPara: 'Precios para',
  dominio: 'Agregar dominio propio .com',
  dominioNota: 'Gestión completa: Incluye la compra, configuración y renovación de tu dominio',
  aproximado: 'Aprox.',
  enMonedaLocal: 'en tu moneda',
  recomendado: 'Recomendado',
  descuento: (code: string, percent: number) => `${percent}\u00a0% de descuento con el código ${code}`,
  precioAnterior: 'Precio sin descuento:',
  precioFinal: 'Precio con descuento:',
  incluido: 'Incluido',
  noIncluido: 'No incluido',
} as const;
