import type { BlogArticle } from '../blog';

export const article: BlogArticle = {
  sections: [
    {
      heading: 'Primero mide: tres números que explican tus ventas',
      blocks: [
        {
          type: 'p',
          text: 'Las ventas de un mes son el resultado de tres números multiplicados: cuántos clientes te compran, cuántas veces te compra cada uno y cuánto gasta en cada compra. Antes de probar cualquier idea, anota dónde estás hoy:',
        },
        {
          type: 'ul',
          items: [
            'Clientes activos: cuántas personas distintas te compraron en el último mes.',
            'Frecuencia: cuántos pedidos hizo cada cliente en promedio en ese mes.',
            'Ticket promedio: el total vendido dividido por la cantidad de pedidos.',
          ],
        },
        {
          type: 'p',
          text: 'Si mejoras un poco cada uno, el efecto se multiplica: un 10 % más de clientes que compran un 10 % más seguido y gastan un 10 % más hacen un 33 % más de ventas. Los reportes de tu tienda online te dan estos datos sin hacer cuentas a mano, así que revísalos cada semana.',
        },
      ],
    },
    {
      heading: 'Sube el ticket promedio con combos y sugerencias',
      blocks: [
        {
          type: 'p',
          text: 'Un combo bien armado le simplifica la elección al cliente y a ti te deja un pedido más grande. En gastronomía funciona el clásico plato más bebida más postre; en un almacén, la canasta de la semana; en una tienda de ropa, el conjunto completo. Ponle un precio algo menor que la suma de las partes y dale un nombre fácil de recordar.',
        },
        {
          type: 'p',
          text: 'Ubica los combos arriba de todo en tu catálogo, con la mejor foto que tengas. Y cuando confirmes un pedido por WhatsApp, sugiere un agregado concreto: «¿Te sumo una bebida fría por X?» funciona mucho mejor que «¿Algo más?».',
        },
      ],
    },
    {
      heading: 'Envío gratis a partir de un monto',
      blocks: [
        {
          type: 'p',
          text: 'Ofrecer envío gratis en todos los pedidos se come tu margen. Ofrecerlo a partir de un monto, en cambio, empuja a muchos clientes a sumar un producto más para llegar. Para elegir el monto, mira tu ticket promedio y fija el umbral entre un 20 % y un 30 % por encima. Si tu pedido promedio ronda los 10 dólares, prueba con envío gratis desde 12 o 13. Comunícalo en la portada de tu tienda y en el mensaje de bienvenida de WhatsApp.',
        },
      ],
    },
    {
      heading: 'Cupones con un objetivo claro',
      blocks: [
        {
          type: 'p',
          text: 'Un cupón de descuento no debería regalar margen sin motivo. Antes de crearlo, decide qué comportamiento quieres provocar:',
        },
        {
          type: 'ul',
          items: [
            'Segunda compra: un cupón que llega con el primer pedido y vence en 15 días. Es la forma más simple de convertir a un cliente nuevo en uno que vuelve.',
            'Días flojos: un descuento válido solo los días en que vendes menos, para llenar la semana sin bajar precios en los días buenos.',
            'Recuperar clientes: un mensaje con cupón a quien no te compra hace más de un mes.',
            'Recomendaciones: un cupón para el cliente que trae a un amigo, y otro para el amigo.',
          ],
        },
        {
          type: 'p',
          text: 'Ponle siempre fecha de vencimiento y un nombre que se entienda, como VUELVE10 o AMIGO15, y anota cuántas veces se usó cada uno para saber cuáles repetir.',
        },
      ],
    },
    {
      heading: 'Haz que pedir sea facilísimo',
      blocks: [
        {
          type: 'p',
          text: 'Cada paso de más es una venta que se pierde. Pide tú mismo en tu tienda desde el teléfono, con datos móviles, y toma el tiempo. Luego revisa:',
        },
        {
          type: 'ul',
          items: [
            'Que cada producto tenga foto, precio y una descripción corta que responda las dudas típicas (tamaño, porciones, talles).',
            'Que los precios estén actualizados: un precio viejo genera desconfianza y charlas incómodas.',
            'Que los medios de pago y el costo de envío se vean antes de confirmar.',
            'Que el cliente no tenga que escribir lo que ya eligió: el pedido debe llegarte completo.',
          ],
        },
        {
          type: 'p',
          text: 'Si pedir te lleva más de un minuto, hay algo para simplificar.',
        },
      ],
    },
    {
      heading: 'Cuida a los clientes que ya tienes',
      blocks: [
        {
          type: 'p',
          text: 'Conseguir un cliente nuevo cuesta bastante más que hacer volver a uno que ya te conoce. Etiqueta a tus clientes frecuentes en WhatsApp, recuerda sus preferencias y avísales primero cuando haya novedades. Un mensaje personal del tipo «Llegó la mercadería que me preguntaste» vende más que cualquier publicación. Y cuando algo sale mal, como un pedido demorado o un producto que faltó, resuélvelo rápido y con un gesto: un cliente bien atendido después de un problema suele volverse más fiel que antes.',
        },
      ],
    },
    {
      heading: 'Usa las opiniones de tus clientes',
      blocks: [
        {
          type: 'p',
          text: 'La gente confía más en otros clientes que en lo que dice el propio negocio. Después de cada entrega, pide una opinión con un mensaje breve. Cuando recibas una buena, pide permiso para compartirla y publícala en tus historias destacadas y en tu tienda. Una captura real de un cliente contento convence más que cualquier texto publicitario.',
        },
      ],
    },
    {
      heading: 'Un plan para los próximos 30 días',
      blocks: [
        {
          type: 'ol',
          items: [
            'Semana 1: anota clientes activos, frecuencia y ticket promedio del último mes.',
            'Semana 2: arma dos combos y ponlos primeros en tu catálogo.',
            'Semana 3: crea un cupón de segunda compra y envíalo con cada pedido.',
            'Semana 4: define un monto para el envío gratis y compáralo con tu ticket promedio.',
            'Al cerrar el mes: vuelve a medir los tres números y quédate con lo que funcionó.',
          ],
        },
        {
          type: 'p',
          text: 'No hace falta hacer todo a la vez. Un cambio por semana, medido, te dice con datos qué le sirve a tu negocio.',
        },
      ],
    },
  ],
};
