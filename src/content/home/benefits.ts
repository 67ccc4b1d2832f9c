import { PAYMENT_PROVIDER_NAME } from './brand';
import type { Benefit } from './types';

/** How many benefits show before 'VER MÁS BENEFICIOS'. */
export const BENEFITS_SHOWN_FIRST = 8;

/** The 17 benefits of the feature grid (spec section 2). */
export const BENEFITS: readonly Benefit[] = [
  {
    id: 'carrito',
    icon: 'cart',
    titulo: 'Carrito y productos ilimitados',
    detalle:
      'Carga todos los productos que quieras, con fotos, variantes y precios. Tus clientes arman el pedido solos.',
    visible: true,
  },
  {
    id: 'pedidos',
    icon: 'whatsapp',
    titulo: 'Pedidos al celular y por WhatsApp',
    detalle: 'Cada pedido llega completo y ordenado a tu celular y a tu WhatsApp, listo para confirmar.',
    visible: true,
  },
  {
    id: 'qr',
    icon: 'qr',
    titulo: 'Código QR para tu local',
    detalle:
      'Ponlo en las mesas, el mostrador o la vitrina: tus clientes ven la carta y piden desde su teléfono.',
    visible: true,
  },
  {
    id: 'impresion',
    icon: 'printer',
    titulo: 'Tickets y comandas impresas',
    detalle: 'Imprime cada pedido apenas entra, con impresoras Bluetooth, WiFi o USB.',
    visible: true,
  },
  {
    id: 'excel',
    icon: 'spreadsheet',
    titulo: 'Catálogo desde Excel',
    detalle: 'Sube o actualiza todos tus productos y precios de una vez con una planilla.',
    visible: true,
  },
  {
    id: 'reportes',
    icon: 'chart',
    titulo: 'Reportes de ventas y stock',
    detalle: 'Mira cuánto vendes, qué sale más y lleva un control de stock simple sin planillas aparte.',
    visible: true,
  },
  {
    id: 'estados',
    icon: 'status',
    titulo: 'Seguimiento de cada venta',
    detalle: 'Marca tus ventas como pendientes, en preparación o enviadas y no se te escapa ningún pedido.',
    visible: true,
  },
  {
    id: 'cupones',
    icon: 'coupon',
    titulo: 'Cupones de descuento',
    detalle: 'Crea cupones para premiar a tus clientes fieles y atraer a los nuevos.',
    visible: true,
  },
  {
    id: 'respuestas',
    icon: 'replies',
    titulo: 'Respuestas rápidas por WhatsApp',
    detalle: 'Confirma pedidos, avisa demoras o comparte tu tienda con mensajes listos en un toque.',
    visible: true,
  },
  {
    id: 'mesas',
    icon: 'tables',
    titulo: 'Gestión de mesas y salón',
    detalle: 'Toma pedidos por mesa y sigue el estado de tu salón desde el celular.',
    visible: true,
  },
  {
    id: 'direcciones',
    icon: 'location',
    titulo: 'Direcciones de entrega en el mapa',
    detalle: 'Tus clientes marcan su ubicación y tu repartidor llega sin vueltas.',
    visible: true,
  },
  {
    id: 'envio',
    icon: 'truck',
    titulo: 'Costo de envío automático',
    detalle: 'El costo del delivery se calcula solo según la distancia al cliente.',
    visible: true,
  },
  {
    id: 'catalogo-privado',
    icon: 'lock',
    titulo: 'Catálogo privado',
    detalle: 'Muestra productos o precios solo a los clientes que tú elijas, ideal para mayoristas.',
    visible: true,
    premium: true,
  },
  {
    id: 'listas-precios',
    icon: 'tags',
    titulo: 'Varias listas de precios',
    detalle: 'Precios distintos para público, mayoristas o revendedores en la misma tienda.',
    visible: true,
    premium: true,
  },
  {
    id: 'usuarios',
    icon: 'users',
    titulo: 'Usuarios con roles y vendedores',
    detalle: 'Suma a tu equipo con permisos según su tarea y sigue las ventas de cada vendedor.',
    visible: true,
    premium: true,
  },
  {
    id: 'dominio',
    icon: 'globe',
    titulo: 'Tu dominio propio .com',
    detalle: 'Tu tienda con tu propia dirección web, y si quieres nos ocupamos de todo el trámite.',
    visible: true,
    premium: true,
  },
  {
    id: 'cobros',
    icon: 'card',
    titulo: `Cobros con ${PAYMENT_PROVIDER_NAME}`,
    detalle: `Tu cliente recibe un cupón de pago de ${PAYMENT_PROVIDER_NAME} y, cuando paga, el pedido queda marcado como pagado.`,
    visible: true,
    soloArgentina: true,
  },
];

/** The benefits shown for a country: visible ones, the Argentina-only item only for AR. */
export function benefitsFor(isArgentina: boolean, items: readonly Benefit[] = BENEFITS): Benefit[] {
  return items.filter((b) => b.visible && (!b.soloArgentina || isArgentina));
}
