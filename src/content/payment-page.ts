/** Copy of /pagos around the payment flow, whose own copy is its flow's (src/flows/payment/copy.ts). */
export const PAYMENT_PAGE_COPY = {
  region: 'Pago',
} as const;
