/** Copy of the layout every page shares (src/ui/layout): menu, top bar, footer, cookie notice. */
import { COMMON_COPY } from './common';

/** The menu of spec section 2; 'Planes & Precios' and 'Preguntas Frecuentes' are also the titles of the home sections they lead to. */
export const MENU_COPY = {
  inicio: 'Inicio',
  beneficios: 'Beneficios',
  planes: 'Planes & Precios',
  faq: 'Preguntas Frecuentes',
  registro: 'Registro',
  contacto: 'Contacto',
} as const;

export const LAYOUT_COPY = {
  saltarAlContenido: 'Saltar al contenido',
  /** The WhatsApp message behind the menu's and the footer's contact links. */
  mensajeContacto: '¡Hola! Quiero más información para abrir mi tienda online.',
  encabezado: {
    /** The brand's link to the home page. */
    inicio: (brand: string) => `${brand}, inicio`,
    abrirMenu: 'Abrir menú',
    cerrarMenu: 'Cerrar menú',
    menuPrincipal: 'Menú principal',
  },
  barraSuperior: {
    paises: COMMON_COPY.eligeTuPais,
  },
  pie: {
    descripcion: 'Tu tienda online con pedidos por WhatsApp y 0\u00a0% de comisión.',
    contacto: MENU_COPY.contacto,
    /** Before the address and the number, with their space. */
    email: 'E-mail: ',
    whatsapp: 'WhatsApp: ',
    legales: 'Legales',
    eliminarCuenta: 'Eliminar mi cuenta',
    derechos: (brand: string) => `© ${brand}. Todos los derechos reservados.`,
  },
  cookies: {
    region: 'Aviso de cookies',
    /** One short line on a phone, followed by the link to the privacy policy. */
    texto: 'Usamos cookies. ',
    enlace: 'Ver más',
    entendido: 'Entendido',
  },
  botonWhatsapp: {
    region: 'Contacto rápido',
    registro: 'Escríbenos por WhatsApp: registra tu negocio',
    marcaBlanca: `Escríbenos por WhatsApp: coordina una llamada sobre la marca blanca${COMMON_COPY.pestanaNueva}`,
  },
} as const;
