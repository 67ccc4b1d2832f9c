import { PAYMENT_PROVIDER_NAME } from './brand';
import type { FaqItem } from './types';

/** FAQ (anchor faq); the payment-provider question only for Argentina (spec section 2). */
export const FAQ: readonly FaqItem[] = [
  {
    id: 'comision',
    pregunta: '¿Cobran una comisión por cada venta?',
    respuesta:
      'No. Pagas un abono mensual fijo y el 0\u00a0% de comisión es real: vendas poco o mucho, lo que cobras es todo tuyo.',
  },
  {
    id: 'cobros',
    pregunta: '¿Cómo me pagan mis clientes?',
    respuesta:
      'Te pagan directamente a ti, en efectivo, por transferencia o con el medio que ya usas. Nosotros nunca recibimos ni retenemos el dinero de tus ventas.',
  },
  {
    id: 'proveedor-pagos',
    pregunta: `¿Puedo cobrar con ${PAYMENT_PROVIDER_NAME}?`,
    respuesta: `Sí. En Argentina puedes conectar tu cuenta de ${PAYMENT_PROVIDER_NAME}: tu cliente recibe un cupón de pago y, cuando paga, el pedido queda marcado como pagado automáticamente.`,
    soloArgentina: true,
  },
  {
    id: 'plazo',
    pregunta: '¿Hay un plazo mínimo de contratación?',
    respuesta:
      'No. Para dar de baja simplemente no renuevas el abono y la tienda se desactiva sola, sin trámites ni penalidades.',
  },
  {
    id: 'garantia',
    pregunta: '¿Y si no me convence?',
    respuesta:
      'Tienes una garantía de 24 horas: si no quedas conforme o la app no funciona en tus dispositivos, te devolvemos el 100\u00a0% de lo que pagaste.',
  },
  {
    id: 'prueba',
    pregunta: '¿Puedo probarlo gratis?',
    respuesta:
      'En algunos casos ofrecemos 30 días de prueba gratis. Regístrate y un asesor te cuenta si aplica para tu negocio.',
  },
  {
    id: 'conocimientos',
    pregunta: '¿Necesito saber de tecnología?',
    respuesta:
      'No. Cargas tus productos como en una planilla y te acompañamos por WhatsApp en la puesta en marcha.',
  },
  {
    id: 'impresoras',
    pregunta: '¿Qué impresoras puedo usar para los tickets?',
    respuesta:
      'Impresoras térmicas Bluetooth, WiFi o USB, las mismas que se usan en la mayoría de los comercios.',
  },
  {
    id: 'dominio',
    pregunta: '¿Puedo tener mi propio dominio .com?',
    respuesta:
      'Sí. En el plan Premium lo agregas como opción y en Platinum viene incluido: nos ocupamos de la compra, la configuración y la renovación.',
  },
  {
    id: 'app',
    pregunta: '¿Hay una app para administrar la tienda?',
    respuesta:
      'Sí, la app de administración para Android te avisa de cada pedido y te deja gestionar todo desde el celular.',
  },
];

export function faqFor(isArgentina: boolean, items: readonly FaqItem[] = FAQ): FaqItem[] {
  return items.filter((item) => !item.soloArgentina || isArgentina);
}
