import type { BlogArticle } from '../blog';

export const article: BlogArticle = {
  sections: [
    {
      heading: 'WhatsApp Business o WhatsApp de siempre: qué cambia',
      blocks: [
        {
          type: 'p',
          text: 'WhatsApp Business es una aplicación gratuita, separada del WhatsApp personal, pensada para que un comercio atienda a sus clientes. Se ve casi igual, pero suma herramientas que en el día a día ahorran horas: un perfil de empresa con horario y dirección, mensajes automáticos, respuestas rápidas, etiquetas para ordenar los chats y un catálogo. Si hoy atiendes pedidos desde tu número personal, mezclas la familia con los clientes y no tienes forma de saber qué pedido está pendiente. Pasar a WhatsApp Business es el primer paso para ordenar eso.',
        },
      ],
    },
    {
      heading: 'Antes de empezar: elige bien el número',
      blocks: [
        {
          type: 'p',
          text: 'Cada número puede estar en una sola aplicación a la vez: o en WhatsApp personal o en WhatsApp Business. Tienes dos caminos:',
        },
        {
          type: 'ul',
          items: [
            'Usar un número nuevo solo para el negocio. Es lo más prolijo: separas lo personal de lo laboral y puedes dejar el teléfono del local a cargo de otra persona.',
            'Migrar tu número actual. La aplicación te ofrece pasar tus chats y contactos; tus clientes te siguen escribiendo al mismo número y no pierdes el historial.',
          ],
        },
        {
          type: 'p',
          text: 'Si tus clientes ya conocen tu número, migrarlo suele ser la mejor opción. Haz una copia de seguridad de los chats antes de empezar y descarga WhatsApp Business desde la tienda de aplicaciones de tu teléfono.',
        },
      ],
    },
    {
      heading: 'Completa el perfil de empresa',
      blocks: [
        {
          type: 'p',
          text: 'El perfil es lo primero que mira alguien que no te conoce. En Configuración, Herramientas para la empresa, Perfil, completa cada campo:',
        },
        {
          type: 'ul',
          items: [
            'Nombre: el mismo que usas en tu local y en redes, para que te encuentren sin dudar.',
            'Categoría: elige la más precisa (restaurante, tienda de ropa, almacén), porque ayuda a entender qué vendes.',
            'Descripción: una o dos frases con qué vendes, en qué zona entregas y cómo se hace un pedido.',
            'Horario de atención: si respondes solo en ciertos horarios, dilo. Evita reclamos y te da descanso.',
            'Dirección y correo: suman confianza, aunque vendas solo por envío.',
            'Sitio web: pon el enlace de tu tienda online. Es el atajo para que el cliente vea todo el catálogo y arme su pedido solo.',
          ],
        },
        {
          type: 'p',
          text: 'Usa como foto de perfil tu logo sobre un fondo liso: en la lista de chats se ve muy chica y un logo recargado no se distingue.',
        },
      ],
    },
    {
      heading: 'Mensajes de bienvenida y de ausencia',
      blocks: [
        {
          type: 'p',
          text: 'El mensaje de bienvenida llega automáticamente cuando alguien te escribe por primera vez o después de un tiempo sin hablar. Úsalo para que el cliente no se quede esperando y para llevarlo directo al pedido. Por ejemplo: «¡Hola! Gracias por escribirnos. Puedes ver el menú y hacer tu pedido aquí: [enlace de tu tienda]. Si tienes una consulta, escríbela y te respondemos enseguida».',
        },
        {
          type: 'p',
          text: 'El mensaje de ausencia se envía fuera de tu horario. Configúralo con el mismo horario del perfil y di cuándo vuelves a atender: «Ahora estamos cerrados. Abrimos mañana a las 11. Puedes dejar tu pedido en la tienda y lo confirmamos al abrir». Así no pierdes la venta de quien escribe tarde.',
        },
      ],
    },
    {
      heading: 'Respuestas rápidas para las preguntas de siempre',
      blocks: [
        {
          type: 'p',
          text: 'Las respuestas rápidas son textos guardados que insertas escribiendo una barra y un atajo. Revisa tus últimos chats, anota las cinco preguntas que más se repiten y guarda una respuesta para cada una. Algunos ejemplos:',
        },
        {
          type: 'ul',
          items: [
            '/horario: días y horas de atención y de entrega.',
            '/envio: zonas a las que llegas, costo de envío y tiempo estimado.',
            '/pagos: medios de pago que aceptas y datos para transferir.',
            '/pedido: el enlace de tu tienda con una frase que invite a pedir.',
            '/gracias: confirmación de pedido recibido con el tiempo de preparación.',
          ],
        },
        {
          type: 'p',
          text: 'Responder en segundos con un texto claro y sin errores da una imagen profesional y te deja tiempo para preparar los pedidos.',
        },
      ],
    },
    {
      heading: 'Etiquetas para no perder ningún pedido',
      blocks: [
        {
          type: 'p',
          text: 'Las etiquetas son colores que pones a cada chat. Con un sistema simple ves de un vistazo en qué estado está cada cliente. Una propuesta que funciona para la mayoría de los comercios:',
        },
        {
          type: 'ul',
          items: [
            'Nuevo pedido: acaba de llegar y falta confirmarlo.',
            'Pendiente de pago: confirmado, esperando la transferencia o el pago.',
            'En preparación: ya está en la cocina o en el depósito.',
            'Enviado: salió a entregar o está listo para retirar.',
            'Cliente frecuente: para reconocerlo y ofrecerle promociones.',
          ],
        },
        {
          type: 'p',
          text: 'Al final del día filtra por «Pendiente de pago» y «Nuevo pedido»: si queda algún chat ahí, es una venta que se está escapando.',
        },
      ],
    },
    {
      heading: 'Catálogo de WhatsApp y tienda online: cómo combinarlos',
      blocks: [
        {
          type: 'p',
          text: 'WhatsApp Business permite cargar un catálogo con fotos y precios, y es útil para mostrar algunos productos dentro del chat. Pero cuando tienes muchos productos, variantes o precios que cambian seguido, mantenerlo al día se vuelve pesado. Una tienda online con carrito resuelve esa parte: el cliente elige, suma al carrito, indica la dirección y el pedido te llega completo y ordenado por WhatsApp, listo para confirmar. Tú sigues hablando con tu cliente como siempre, pero sin tomar cada pedido a mano ni copiar precios uno por uno.',
        },
      ],
    },
    {
      heading: 'Enlace directo y código QR',
      blocks: [
        {
          type: 'p',
          text: 'Desde Herramientas para la empresa puedes obtener un enlace corto y un código QR que abren un chat contigo. Pon el enlace en la biografía de Instagram y en tus publicaciones, e imprime el QR en el mostrador, en las bolsas y en los volantes de delivery. Cada punto de contacto debe llevar al cliente a un lugar donde pueda pedir en dos toques.',
        },
      ],
    },
    {
      heading: 'Lista de verificación',
      blocks: [
        {
          type: 'ol',
          items: [
            'Instala WhatsApp Business y decide qué número vas a usar.',
            'Completa nombre, categoría, descripción, horario, dirección y enlace a tu tienda.',
            'Activa el mensaje de bienvenida y el de ausencia con tu horario real.',
            'Guarda al menos cinco respuestas rápidas.',
            'Crea las etiquetas y úsalas en cada chat durante una semana.',
            'Comparte el enlace directo y el QR en redes, en el local y en los envíos.',
          ],
        },
        {
          type: 'p',
          text: 'Con estos pasos, WhatsApp deja de ser un chat desordenado y se convierte en tu mejor canal de ventas.',
        },
      ],
    },
  ],
};
