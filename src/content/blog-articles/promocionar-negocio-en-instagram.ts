import type { BlogArticle } from '../blog';

export const article: BlogArticle = {
  sections: [
    {
      heading: 'Optimiza tu perfil antes de buscar seguidores',
      blocks: [
        {
          type: 'p',
          text: 'Toda promoción termina en tu perfil. Si quien llega no entiende en tres segundos qué vendes y cómo comprarte, se va. Revisa estos puntos antes de invertir tiempo o dinero:',
        },
        {
          type: 'ul',
          items: [
            'Pasa a una cuenta profesional (de empresa): es gratis y te da estadísticas, botones de contacto y acceso a la publicidad.',
            'En el campo de nombre, suma una palabra clave además de tu marca, por ejemplo «Lupe Pastelería | Tortas por encargo». Ese campo aparece en las búsquedas.',
            'Escribe una biografía de tres líneas: qué vendes, dónde entregas y cómo pedir.',
            'Pon el enlace de tu tienda online, para que cualquier seguidor pueda comprar sin esperar una respuesta.',
            'Activa los botones de contacto con tu WhatsApp, tu teléfono o tu correo.',
          ],
        },
      ],
    },
    {
      heading: 'Define a quién le hablas',
      blocks: [
        {
          type: 'p',
          text: 'No le vendes a «todo el mundo». Piensa en tu cliente típico: edad aproximada, barrio, qué busca y cuándo te compra. Una rotisería le habla a la familia que no tiene ganas de cocinar el jueves a la noche; una tienda de cosmética natural, a quien lee etiquetas y compara ingredientes. Cuando tienes clara a esa persona, es fácil decidir qué fotos usar, qué tono escribir y a qué zona apuntar la publicidad.',
        },
      ],
    },
    {
      heading: 'Cinco pilares de contenido para el feed',
      blocks: [
        {
          type: 'p',
          text: 'Publicar siempre el mismo tipo de foto de producto cansa. Alterna entre estos pilares para mantener el interés sin quedarte sin ideas:',
        },
        {
          type: 'ul',
          items: [
            'Producto: fotos con buena luz natural, fondo limpio y el precio en la descripción.',
            'Detrás de escena: el equipo, la cocina, el taller; la gente le compra a personas.',
            'Clientes: opiniones, fotos que te envían, historias de uso (siempre con permiso).',
            'Consejos útiles: cómo conservar, combinar o aprovechar lo que vendes.',
            'Promociones: con condiciones claras y fecha de vencimiento.',
          ],
        },
      ],
    },
    {
      heading: 'Reels para llegar a gente nueva',
      blocks: [
        {
          type: 'p',
          text: 'Las publicaciones llegan sobre todo a quienes ya te siguen; los reels, en cambio, Instagram los muestra también a personas que no te conocen. Por eso son tu herramienta principal para crecer. No necesitas producción profesional: un teléfono estable y buena luz alcanzan. Funcionan muy bien los procesos (una torta que se decora, un pedido que se arma), los antes y después y las respuestas a preguntas de clientes. Engancha en el primer segundo, muestra el producto terminado antes del final y cierra con una invitación a pedir desde el enlace del perfil.',
        },
      ],
    },
    {
      heading: 'Hashtags y ubicación: pocos y bien elegidos',
      blocks: [
        {
          type: 'p',
          text: 'Los hashtags genéricos con millones de publicaciones no te ayudan: tu publicación se pierde en minutos. Usa entre tres y cinco específicos de tu rubro y tu zona, como el nombre de tu ciudad o barrio junto a lo que vendes. Y etiqueta siempre la ubicación: para un negocio local, aparecer ante personas cercanas vale más que llegar a gente que nunca podría comprarte.',
        },
      ],
    },
    {
      heading: 'Colabora con otros negocios de tu zona',
      blocks: [
        {
          type: 'p',
          text: 'Busca comercios que le venden a tu mismo público sin competir contigo: una cervecería y una hamburguesería, una florería y una chocolatería, una peluquería y una tienda de cosmética. Propón un sorteo conjunto, un combo entre los dos o una publicación compartida con la función de colaboración de Instagram, que muestra el contenido en ambos perfiles. Cada uno presenta al otro ante su comunidad y los dos ganan seguidores que realmente pueden comprar.',
        },
      ],
    },
    {
      heading: 'Publicidad paga con poco presupuesto',
      blocks: [
        {
          type: 'p',
          text: 'Con un presupuesto chico puedes conseguir resultados si lo concentras. Sigue estos pasos:',
        },
        {
          type: 'ol',
          items: [
            'Elige una publicación o un reel que ya haya funcionado bien sin pagar: es la prueba de que el contenido interesa.',
            'Define un solo objetivo, por ejemplo mensajes por WhatsApp o visitas a tu tienda.',
            'Segmenta por ubicación, con un radio que coincida con tu zona de entrega, y por edad según tu cliente típico.',
            'Empieza con un presupuesto diario bajo durante una semana, sin cambiar nada a mitad de camino.',
            'Al terminar, compara cuánto gastaste con los pedidos que llegaron por ese anuncio y decide si repetir, ajustar o frenar.',
          ],
        },
        {
          type: 'p',
          text: 'Un anuncio de un producto estrella, bien segmentado por zona, suele rendir mucho más que una campaña genérica sobre «todo lo que vendemos».',
        },
      ],
    },
    {
      heading: 'Responde rápido: ahí se cierra la venta',
      blocks: [
        {
          type: 'p',
          text: 'La promoción trae interesados, pero la venta se cierra en la conversación. Responde los mensajes directos y los comentarios el mismo día, idealmente en minutos. Guarda respuestas para las preguntas frecuentes y, cuando alguien pregunte un precio en los comentarios, contesta en público y también por mensaje con el enlace para pedir. Un interesado que espera horas una respuesta probablemente ya le compró a otro.',
        },
      ],
    },
    {
      heading: 'Mide lo que importa',
      blocks: [
        {
          type: 'p',
          text: 'Los seguidores y los me gusta son agradables, pero no pagan las cuentas. Cada mes mira cuántas personas tocaron el enlace de tu perfil, cuántos mensajes recibiste y cuántos pedidos llegaron desde Instagram a tu tienda. Si esos números suben, tu estrategia funciona, aunque los seguidores crezcan despacio.',
        },
      ],
    },
  ],
};
