import { PAYMENT_CURRENCY, PAYMENT_SDK_LOAD_TIMEOUT_MS } from '../../domain/constants';
import type { FlowEntry } from '../flow-notes';
import { paymentMachine, type PaymentInput } from './payment.machine';
import { PAYMENT_FAILED_MESSAGE, SDK_FAILED_MESSAGE } from '../../domain/payment-messages';

/** The subscription payment page (/pagos): the link's data, the payment buttons, the charge. */
export const paymentFlow: FlowEntry = {
  order: 40,
  slug: 'payment',
  title: 'Pago de la suscripción (/pagos)',
  description: `Primero se revisan los datos que trae la dirección de la página, con un mensaje por cada dato incorrecto. Luego se carga el medio de pago y aparecen sus botones; si la carga o los botones fallan, o alguno tarda más de ${PAYMENT_SDK_LOAD_TIMEOUT_MS} ms, se muestra un error con la opción de reintentar. Al pulsar un botón se crea el pedido; el pedido que el visitante aprueba se cobra y termina pagado (agradecimiento), en revisión o fallido (no se cobra nada). Si el visitante cierra la ventana del medio de pago, vuelve a ver los botones.`,
  source: 'src/flows/payment/payment.machine.ts',
  machine: paymentMachine,
  exampleInput: {
    params: { sandbox: ['1'], cliente: ['mi-tienda'], usd: [], locale: [] },
  } satisfies PaymentInput,
  notes: {
    events: {
      'buttons.rendered': 'Los botones de pago ya están en la página (lo avisa `paymentButtons`).',
      'buttons.failed': 'Los botones de pago no se pudieron mostrar (lo avisa `paymentButtons`).',
      'payment.start':
        'El visitante pulsa un botón de pago y el medio de pago crea el pedido. Los botones no crean ningún pedido cuando el flujo no lo admite (por ejemplo, mientras se cobra otro).',
      'payment.approve': 'El medio de pago avisa que el visitante aprobó el pedido.',
      'payment.cancel':
        'El visitante cierra la ventana del medio de pago sin pagar; vuelve a ver los botones.',
      'payment.error': 'El medio de pago informa un error.',
      'payment.retry': "El visitante pulsa 'Intentar de nuevo' en la sección de error.",
      'sdk.retry': "El visitante pulsa 'Reintentar' cuando el medio de pago o sus botones no cargaron.",
    },
    guards: {
      hasValidParams:
        'Todos los datos de la dirección de la página son válidos (`src/domain/payment-params.ts`).',
      hasOrderId: 'La aprobación trae una referencia de pedido con un formato válido.',
      isCaptureCompleted: 'El cobro se completó (estado `COMPLETED`): el dinero ya se cobró.',
      isCapturePending: 'El medio de pago retiene el cobro para revisarlo (estado `PENDING`).',
    },
    actions: {
      assignOrderId: 'Guarda la referencia del pedido aprobado.',
      assignCapture:
        'Guarda la referencia del cobro, la que el visitante envía por WhatsApp, si tiene un formato válido.',
      logPaymentError: `Anota el problema en la consola del navegador: '${PAYMENT_FAILED_MESSAGE}' si falla el pago, '${SDK_FAILED_MESSAGE}' si falla el medio de pago.`,
    },
    actors: {
      loadSdk: `Carga el medio de pago (PayPal, con tarjetas y billeteras) en modo de prueba o real, con el idioma de la página y la moneda ${PAYMENT_CURRENCY}.`,
      paymentButtons:
        'Muestra los botones de pago mientras dura el pago; al pulsar uno se crea el pedido (`src/domain/payment-order.ts`).',
      captureOrder:
        'Cobra el pedido aprobado desde el navegador y entrega el estado y la referencia del cobro.',
    },
    fields: {
      'payment.approve': { orderId: 'la referencia del pedido aprobado' },
      'payment.error': { message: 'el mensaje del medio de pago' },
    },
    context: {
      params: {
        meaning: 'datos de la dirección de la página, ya revisados',
        fields: {
          sandbox: 'modo de prueba',
          clientes: 'tiendas que se pagan',
          usdCents: 'precio en centavos de dólar',
          locale: 'idioma del medio de pago',
        },
      },
      quote: {
        meaning: 'el importe a cobrar',
        fields: {
          lines: 'importe de cada tienda',
          totalCents: 'total en centavos',
          perStoreCents: 'centavos por tienda',
          extraCentStores: 'tiendas que pagan un centavo más',
        },
      },
      errors: 'mensaje de cada dato incorrecto de la dirección',
      orderId: 'referencia del pedido aprobado',
      captureId: 'referencia del cobro',
    },
    answers: {
      captureOrder: {
        meaning: 'el resultado del cobro',
        fields: {
          status: {
            meaning: 'estado del cobro',
            values: { COMPLETED: 'cobrado', PENDING: 'en revisión', DECLINED: 'rechazado' },
          },
          captureId: 'referencia del cobro',
        },
      },
    },
    delays: {
      sdkLoadTimeout:
        'Lo máximo que se espera a que cargue el medio de pago, y otra vez a que aparezcan sus botones.',
    },
  },
};
