import type { Highlight } from './types';

/** The highlights' heading, read by screen readers only. */
export const HIGHLIGHTS_COPY = { titulo: 'Ventajas principales' } as const;

export const HIGHLIGHTS: readonly Highlight[] = [
  {
    icon: 'percent',
    titulo: '0\u00a0% de comisión',
    detalle: 'Pagas un abono mensual fijo. Lo que vendes es todo tuyo.',
  },
  {
    icon: 'whatsapp',
    titulo: 'Pedidos por WhatsApp',
    detalle: 'Tus clientes arman el carrito y el pedido te llega al celular y a WhatsApp.',
  },
  {
    icon: 'clock',
    titulo: 'Lista en minutos',
    detalle: 'Carga tus productos, sube tu Excel y comparte tu enlace o tu código QR.',
  },
  {
    icon: 'shield',
    titulo: 'Sin plazo mínimo',
    detalle: 'Garantía de devolución de 24 horas. Si no te convence, no renuevas y listo.',
  },
];
