/**
 * Copy of the sign-up wizard (/registro, spec section 3). The field messages come from the shared
 * schema (src/domain/prospect-schema.ts), the failures from src/domain/messages.ts and the choices'
 * labels from src/domain/wizard-options.ts: the server speaks them too.
 */
import { COMMON_COPY } from '../../content/common';

export const REGISTRATION_COPY = {
  /** 'Paso N de 4' above steps 1 to 4. */
  progreso: (step: number, total: number) => `Paso ${step} de ${total}`,
  siguiente: COMMON_COPY.siguiente,
  atras: 'Atrás',
  contacto: {
    titulo: 'Datos de contacto',
    bajada: 'Cuéntanos de tu negocio y cómo te contactamos. Te escribimos por WhatsApp.',
    /** Once, on step 1, when the browser keeps no storage for this site. */
    sinAlmacenamiento:
      'Este navegador no deja guardar tu avance en este dispositivo: si recargas la página, tendrás que escribir tus datos otra vez (tu registro no se duplica).',
    nombreEmpresa: 'Nombre de tu negocio',
    nombre: 'Nombre',
    apellido: 'Apellido',
    pais: 'País',
    eligePais: COMMON_COPY.eligeTuPais,
    whatsapp: 'Número de WhatsApp',
    whatsappAyuda: (prefix: string) => `Sin el prefijo ${prefix}: lo agregamos nosotros.`,
    whatsappAyudaSinPais: 'Elige tu país y escribe tu número sin el prefijo.',
    email: 'E-mail',
    /** After an optional field's label, with its leading space. */
    opcional: ' (opcional)',
    datosGuardados: 'Tus datos siguen aquí, no se perdió nada.',
    reintentar: 'Volver a intentar',
    guardando: 'Guardando tus datos…',
  },
  preguntas: {
    eligeUnaOpcion: 'Elige una opción para seguir.',
    situacion: '¿Cuál es tu situación actual?',
    situacionBajada: 'Elige la opción que mejor te describe.',
    rubro: '¿Cuál es el rubro de tu negocio?',
    sector: '¿Qué vendes?',
    /** The category's label in lower case, e.g. 'gastronomía'. */
    sectorBajada: (category: string) => `Elige el tipo de negocio dentro de ${category}.`,
  },
  gracias: {
    titulo: '¡Gracias!',
    bajada: 'Ya tenemos tus datos. Un asesor te va a escribir por WhatsApp para ayudarte.',
    prueba: (days: number) => `Tienes ${days} días para probar tu tienda online gratis, sin compromiso.`,
    empezarPrueba: 'Empezar mi prueba gratis',
    /** The sector's label in lower case, e.g. 'pizzería'. */
    demo: (sector: string) => `Mientras tanto, mira cómo se ve una tienda de ${sector}.`,
    verDemo: 'Ver la tienda de demostración',
    pestanaNueva: COMMON_COPY.pestanaNueva,
    demoAbierta: 'Abrimos la demo en una pestaña nueva.',
    sinGuardar:
      'Todavía no pudimos guardar tus últimas respuestas. Seguimos intentando: deja esta página abierta unos minutos.',
    otroNegocio: '¿Tienes otro negocio?',
    registrarOtro: 'Registrar otro negocio',
  },
  /** A later step's code could not be downloaded (the visitor went offline after step 1). */
  pasoSinCargar:
    'No pudimos cargar este paso. Revisa tu conexión y vuelve a cargar la página: tus datos quedan guardados.',
  recargar: 'Volver a cargar',
} as const;
