/** Copy of /tienda-online below its heading (the route table's, pages.ts). */
export const ONLINE_STORE_COPY = {
  bajada: 'Sin comisiones por venta, con tu propio enlace y código QR.',
  comenzar: 'Comenzar Ahora',
  ventajas: 'Ventajas',
  puntos: [
    { title: 'Catálogo ilimitado', text: 'Carga todos tus productos con fotos, variantes y precios.' },
    { title: 'Pedidos por WhatsApp', text: 'Tus clientes arman el carrito y el pedido te llega ordenado.' },
    { title: '0\u00a0% de comisión', text: 'Pagas un abono mensual fijo. Lo que vendes es tuyo.' },
  ],
} as const;
