import type { BlogArticle } from '../blog';

export const article: BlogArticle = {
  sections: [
    {
      heading: 'Por qué las historias venden en un negocio local',
      blocks: [
        {
          type: 'p',
          text: 'Las historias aparecen arriba de todo en Instagram y desaparecen a las 24 horas. Eso las hace perfectas para lo que cambia cada día: el plato del día, la mercadería que acaba de llegar, el horario especial de un feriado. Tus seguidores las miran en segundos, sin el esfuerzo de leer una publicación larga, y con un toque pueden escribirte o abrir tu tienda. Para un negocio de barrio, son la forma más directa de recordarle a la gente que existes justo cuando está pensando qué comer o qué comprar.',
        },
      ],
    },
    {
      heading: 'Lo técnico, resuelto de una vez',
      blocks: [
        {
          type: 'ul',
          items: [
            'Formato vertical de 1080 x 1920 píxeles (proporción 9:16). Si subes una foto horizontal, quedarán franjas vacías.',
            'Deja libres unos 250 píxeles arriba y abajo: ahí Instagram pone tu nombre y la barra para responder.',
            'Los videos se cortan en partes de hasta 60 segundos; los más cortos, de 5 a 15 segundos, suelen verse completos.',
            'Mucha gente mira sin sonido: agrega subtítulos o un texto breve que explique qué está pasando.',
            'Usa letras grandes y con buen contraste; un texto chico sobre una foto recargada no se lee en el teléfono.',
          ],
        },
      ],
    },
    {
      heading: 'Una semana de ideas para publicar',
      blocks: [
        {
          type: 'p',
          text: 'El problema más común no es técnico: es no saber qué publicar. Esta grilla te da un tema por día para que nunca empieces de cero:',
        },
        {
          type: 'ol',
          items: [
            'Lunes: lo nuevo de la semana (productos, sabores, talles que llegaron).',
            'Martes: detrás del mostrador, cómo preparas un pedido o armas un paquete.',
            'Miércoles: una encuesta para que tus clientes elijan algo («¿Qué sabor sumamos?»).',
            'Jueves: la opinión de un cliente, con su permiso.',
            'Viernes: la promoción del fin de semana, con fecha de vencimiento.',
            'Sábado: tu producto estrella en uso, en la mesa o puesto.',
            'Domingo: preguntas y respuestas sobre envíos, pagos o cuidados del producto.',
          ],
        },
      ],
    },
    {
      heading: 'Stickers que generan conversaciones y ventas',
      blocks: [
        {
          type: 'ul',
          items: [
            'Enlace: lleva directo a tu tienda online o a un producto. Ponle un texto claro, como «Pide aquí», en lugar de dejar la dirección web.',
            'Encuesta y cuestionario: aumentan la participación y te dan información real sobre lo que quieren tus clientes.',
            'Preguntas: junta dudas frecuentes y respóndelas en historias siguientes; cada respuesta es una excusa para mostrar un producto.',
            'Cuenta regresiva: ideal para lanzamientos y promociones con fecha; quien la activa recibe un aviso cuando termina.',
            'Ubicación y menciones: ayudan a que te encuentren personas de tu zona y a que tus clientes compartan tu historia.',
          ],
        },
      ],
    },
    {
      heading: 'Escribe un llamado a la acción concreto',
      blocks: [
        {
          type: 'p',
          text: 'Cada historia que busca una venta debe decir exactamente qué hacer. Compara «Tenemos pizzas» con «Pide tu pizza antes de las 21 y te llega caliente: toca el enlace». La segunda dice qué, cuándo y cómo. Otras fórmulas que funcionan: «Quedan 5 unidades, resérvala por mensaje», «Responde esta historia con QUIERO y te paso el precio», «Solo hoy: envío gratis con tu pedido desde la tienda». Usa una sola acción por historia; si pides tres cosas, el cliente no hace ninguna.',
        },
      ],
    },
    {
      heading: 'Cuándo y cuánto publicar',
      blocks: [
        {
          type: 'p',
          text: 'Más no siempre es mejor. Una secuencia de tres a siete historias por día, con constancia, rinde más que veinte juntas un día y nada el resto de la semana. Publica un rato antes de los momentos en que tus clientes deciden: si vendes comida, antes del almuerzo y de la cena; si vendes ropa, al final de la tarde y los fines de semana. En las estadísticas de tu cuenta profesional puedes ver en qué horarios están conectados tus seguidores y ajustar.',
        },
      ],
    },
    {
      heading: 'Historias destacadas: tu vidriera permanente',
      blocks: [
        {
          type: 'p',
          text: 'Las historias destacadas quedan fijas debajo de tu biografía y no vencen. Úsalas como un menú de información para quien llega a tu perfil por primera vez:',
        },
        {
          type: 'ul',
          items: [
            'Cómo pedir: un paso a paso con capturas de tu tienda.',
            'Envíos: zonas, costos y horarios.',
            'Opiniones: capturas de clientes contentos.',
            'Productos o Menú: lo más vendido, con precios.',
            'Promos: se actualiza cada semana.',
          ],
        },
        {
          type: 'p',
          text: 'Diseña portadas simples con los colores de tu marca para que el perfil se vea ordenado.',
        },
      ],
    },
    {
      heading: 'Mide y ajusta cada semana',
      blocks: [
        {
          type: 'p',
          text: 'Con una cuenta profesional, cada historia muestra sus estadísticas. Mira sobre todo estas:',
        },
        {
          type: 'ul',
          items: [
            'Alcance: cuántas cuentas la vieron.',
            'Toques hacia adelante y salidas: si son muchos, la historia aburrió o no se entendió.',
            'Respuestas: cuántas personas te escribieron.',
            'Toques en el enlace: cuántas personas fueron a tu tienda.',
          ],
        },
        {
          type: 'p',
          text: 'Cada domingo, anota qué historias tuvieron más respuestas y toques en el enlace, y repite ese tipo de contenido la semana siguiente. En un mes vas a saber con certeza qué le interesa a tu público.',
        },
      ],
    },
  ],
};
