import {
  BOT_CHECK_MAX_FAILURES,
  LEAD_UPDATE_FAILURES_BEFORE_WARNING,
  LEAD_UPDATE_MAX_COUNTED_FAILURES,
  leadUpdateRetryDelayMs,
} from '../../domain/lead-wizard-rules';
import { BOT_CHECK_FAILED_MESSAGE, MAINTENANCE_MESSAGE } from '../../domain/messages';
import { CATEGORY_LABELS, SECTOR_LABELS, SITUATION_LABELS } from '../../domain/wizard-options';
import type { FlowEntry } from '../flow-notes';
import { CONTACT_FIELD_WORDS, COUNTRY_WORDS } from '../flow-words';
import {
  WIZARD_STEPS,
  leadWizardMachine,
  type LeadWizardInput,
  type WizardStep,
} from './lead-wizard.machine';

/** The number the visitor sees on a step of the wizard. */
const step = (name: WizardStep) => WIZARD_STEPS.indexOf(name) + 1;

/** The waits before retrying an update, by failures in a row: '1000, 2000, ... y 30000'. */
const retryDelays = new Intl.ListFormat('es', { type: 'conjunction' }).format(
  Array.from({ length: LEAD_UPDATE_MAX_COUNTED_FAILURES }, (_, i) => String(leadUpdateRetryDelayMs(i + 1))),
);
const lastRetryDelay = leadUpdateRetryDelayMs(LEAD_UPDATE_MAX_COUNTED_FAILURES);

/** The registration wizard (/registro): the lead is created once, every later change is sent in the background. */
export const registrationFlow: FlowEntry = {
  order: 10,
  slug: 'lead-wizard',
  title: 'Registro (/registro)',
  description: `El visitante registra su negocio en ${WIZARD_STEPS.length} pasos: datos de contacto, situación actual, rubro, sector y agradecimiento. Al enviar el paso ${step('contact')} se guarda el prospecto en el servidor una sola vez por negocio (su nombre y su número de WhatsApp, sin contar mayúsculas, tildes, espacios ni signos): cada reintento del mismo negocio en esta pestaña usa la misma clave; un guardado que quedó sin respuesta conserva su clave hasta recibirla, así que una corrección posterior actualiza ese mismo prospecto; y el servidor reconoce el mismo negocio escrito de nuevo tras recargar o en otra pestaña. Otro negocio escrito en una pestaña copiada es otro prospecto. Si el visitante llegó desde una campaña de Facebook, antes se hace la verificación invisible contra bots; después de ${BOT_CHECK_MAX_FAILURES} verificaciones fallidas, el prospecto se guarda sin ella para no perderlo. Cada cambio posterior se envía al servidor en segundo plano, sin hacer esperar al visitante: si un envío falla, se reintenta tras ${retryDelays} ms (y luego cada ${lastRetryDelay} ms), y después de ${LEAD_UPDATE_FAILURES_BEFORE_WARNING} fallos seguidos el agradecimiento avisa que los últimos datos todavía no se guardaron. El agradecimiento sigue a la vista si el visitante vuelve a la página en la misma pestaña y, con el prospecto ya guardado, le ofrece registrar otro negocio.`,
  source: 'src/flows/registration/lead-wizard.machine.ts',
  machine: leadWizardMachine,
  exampleInput: {
    idempotencyKey: '00000000-0000-4000-8000-000000000000',
    promotionMode: false,
    needsBotCheck: false,
    codigoReferido: null,
    tracking: {},
    country: 'AR',
  } satisfies LeadWizardInput,
  notes: {
    events: {
      'contact.change':
        'El visitante cambia un dato de contacto del paso 1 (para el país, elige uno de la lista).',
      'contact.blur':
        'El visitante deja un campo del paso 1; desde entonces ese campo muestra el mensaje de las reglas si hay algo que corregir.',
      'contact.submit': `El visitante pulsa el botón para avanzar del paso ${step('contact')}; sus datos se revisan antes de guardar nada.`,
      retry:
        'El visitante reintenta después de una verificación contra bots o un guardado fallidos (sin conexión, demasiados intentos, un dato rechazado, el código sin descargar); se usa la misma clave, sin riesgo de duplicar el prospecto.',
      'situation.select': `El visitante elige su situación actual en el paso ${step('situation')}.`,
      'category.select': `El visitante elige un rubro en el paso ${step('category')}; un rubro nuevo borra el sector elegido.`,
      'sector.select': `El visitante elige un sector de su rubro en el paso ${step('sector')}.`,
      'step.next': `El visitante pulsa el botón para avanzar en los pasos ${step('situation')} a ${step('sector')}.`,
      'step.back': `El visitante pulsa el botón para volver en los pasos ${step('category')} y ${step('sector')}.`,
      'demo.visit':
        'El visitante abre la demo de su sector: se anota la visita (`visitoDemo`) y se envía al servidor.',
      'trial.start': 'El visitante acepta la prueba gratis (modo promoción).',
      'sync.flush':
        'Reintenta enseguida una actualización pendiente: la página lo pide al recuperar el registro que el navegador guardó y cuando vuelve la conexión.',
      'wizard.restart':
        "El visitante pulsa 'Registrar otro negocio' en el agradecimiento; el nuevo prospecto se guarda con una clave nueva.",
    },
    guards: {
      isValidContactChange:
        'El campo es un dato de contacto y el valor es aceptable (un código de país conocido, un largo dentro del límite).',
      isRefusedContactChange:
        'El campo es un dato de contacto pero el valor no se acepta (un código de país que no está en la lista, un largo de más): el campo conserva el valor anterior.',
      isCheckedFieldChange:
        'Un valor aceptable para un dato de contacto, cuando ya hay campos que muestran el mensaje de las reglas.',
      isContactFieldLeft: 'El campo que el visitante dejó es un dato de contacto.',
      isContactComplete:
        'El nombre del negocio, el nombre, el apellido, el país y el WhatsApp no están vacíos (sin contar los espacios).',
      isContactValid:
        'Las reglas del prospecto, las mismas que aplica el servidor, aceptan todos los datos de contacto (formato del WhatsApp y del e-mail, largos).',
      needsBotCheck:
        'El visitante llegó desde una campaña de Facebook: antes de guardar el prospecto se hace la verificación invisible contra bots.',
      isBotCheckExhausted: `La verificación contra bots ya falló ${BOT_CHECK_MAX_FAILURES} veces: el prospecto se guarda sin ella, para que una verificación bloqueada nunca haga perder un prospecto.`,
      hasCreatedLead: 'El servidor confirmó el prospecto con un identificador válido.',
      hasLeadId: 'El prospecto ya está guardado en el servidor.',
      isTrackingRefused:
        'El servidor rechazó un dato de la campaña (`utm_*`, `fbclid`, los parámetros de la URL) que todavía se envía: el prospecto se guarda sin él, porque la atribución nunca debe impedir un registro.',
      isRateLimited:
        'El servidor respondió que hubo demasiados intentos seguidos (429); su cabecera `Retry-After` dice cuánto esperar.',
      isDataRefused: 'El servidor rechazó un dato del prospecto (400) y nombra el campo.',
      isDownloadFailure:
        'No se pudo descargar el código que guarda el prospecto (sin conexión, o el sitio se actualizó y el archivo anterior ya no está).',
      isSituationChange: 'Una situación conocida, distinta de la actual.',
      isCategoryChange: 'Un rubro conocido, distinto del actual.',
      isSectorChange: 'Un sector del rubro elegido, distinto del actual.',
      hasSituation: 'Hay una situación elegida.',
      hasCategory: 'Hay un rubro elegido.',
      hasSector: 'Hay un sector elegido.',
      canOfferTrial: 'Hay un sector elegido y el modo promoción está activo.',
      hasUnsentChanges:
        'Los datos del prospecto cambiaron desde la última actualización enviada (o falló un intento de guardarlo).',
      isUpdateFailureLimitReached: `Fallaron ${LEAD_UPDATE_FAILURES_BEFORE_WARNING} actualizaciones seguidas: el agradecimiento avisa que los datos todavía no se guardaron.`,
      isLeadSaved:
        'El servidor tiene todos los cambios del prospecto (el envío en segundo plano está en `synced`): se puede empezar el registro de otro negocio.',
    },
    actions: {
      assignContactField:
        'Guarda el dato de contacto que cambió (y olvida el valor rechazado de ese campo); su mensaje cambia con el próximo veredicto de las reglas.',
      assignContactErrors:
        'Guarda el veredicto de las reglas: un mensaje por cada campo a corregir (ninguno si todo está bien).',
      markFieldChecked: 'Anota que el campo ya muestra su mensaje (`checkedFields`).',
      markAllFieldsChecked: 'Al enviar el paso 1, todos los campos muestran su mensaje desde entonces.',
      keepRefusedValue:
        'Anota el valor que el campo no aceptó (`refusedValues`), para que las reglas digan por qué el campo conserva el anterior.',
      assignJudgedErrors:
        'Guarda el veredicto de las reglas para los campos que ya muestran su mensaje (`contactErrors`): un mensaje por cada campo a corregir.',
      assignBotToken:
        'Guarda el comprobante de la verificación contra bots para enviarlo con el prospecto (`recaptchaToken`); la cuenta de fallos vuelve a cero.',
      countBotCheckFailure: `Cuenta una verificación contra bots fallida (hasta ${BOT_CHECK_MAX_FAILURES}) y descarta el comprobante anterior.`,
      assignLead: 'Guarda el identificador del prospecto creado y descarta el comprobante ya usado.',
      assignSaveFailure:
        'Guarda el motivo del guardado fallido (`saveFailure`): los segundos de espera o los campos rechazados, para el aviso.',
      clearSaveFailure: 'Al salir del aviso de error, descarta su motivo.',
      dropRefusedTracking:
        'Quita de los datos de la campaña los campos que el servidor rechazó; el siguiente guardado, con la misma clave, va sin ellos.',
      assignSituation: 'Guarda la situación actual (`situacionActual`).',
      assignCategory: 'Guarda el rubro (`rubro`) y borra el sector.',
      assignSector: 'Guarda el sector (`sector`).',
      markDemoVisited: 'Anota que el visitante abrió la demo (`visitoDemo`).',
      markUnsentChanges:
        'Marca que hay datos del prospecto sin enviar (un cambio del visitante, o un guardado fallido que tal vez sí llegó al servidor): se envía una actualización.',
      markChangesSent: 'La actualización que sale lleva todos los cambios hechos hasta ahora.',
      countUpdateFailure: `Cuenta una actualización fallida (hasta ${LEAD_UPDATE_MAX_COUNTED_FAILURES}).`,
      resetUpdateFailures: 'Una actualización llegó al servidor: la cuenta de fallos vuelve a cero.',
      startNewWizard:
        'Empieza un registro nuevo con la clave nueva; conserva los datos de la campaña, el código de referido y el país, y deja el prospecto anterior como está.',
      logLeadError: `Anota el problema en la consola del navegador: '${MAINTENANCE_MESSAGE}' si falla un guardado o una actualización (cualquiera sea el motivo; el aviso en pantalla nombra el motivo), '${BOT_CHECK_FAILED_MESSAGE}' si falla la verificación contra bots.`,
      openTrialSignup:
        'Abre el alta de la prueba gratis en el servicio de identidad, que al terminar lleva a la administración de la tienda (con `origen=pe`).',
    },
    actors: {
      validateContact:
        'Revisa los datos de contacto con las reglas del prospecto que usa el servidor (se cargan cuando el visitante empieza a completar el paso 1) y entrega un mensaje por cada campo a corregir.',
      judgeContact:
        'Revisa los datos de contacto como están ahora con las mismas reglas, mientras el visitante completa el paso 1 (un valor rechazado se revisa en lugar del que quedó), y entrega un mensaje por cada campo a corregir.',
      getBotToken: 'Hace la verificación invisible contra bots y entrega su comprobante.',
      createLead:
        'Guarda el prospecto nuevo en el servidor (`POST {api}/prospectos/`, con la clave en la cabecera `Idempotency-Key`) y entrega su identificador y su estado.',
      updateLead:
        'Envía al servidor los datos más recientes del prospecto, con su identificador (`PUT {api}/prospectos/`).',
    },
    fields: {
      'contact.change': {
        field: { meaning: 'el dato que cambia', values: CONTACT_FIELD_WORDS },
        value: 'el valor nuevo, que para el país es su código',
      },
      'contact.blur': { field: { meaning: 'el campo que deja', values: CONTACT_FIELD_WORDS } },
      'situation.select': { value: { meaning: 'la situación elegida', values: SITUATION_LABELS } },
      'category.select': { value: { meaning: 'el rubro elegido', values: CATEGORY_LABELS } },
      'sector.select': { value: { meaning: 'el sector elegido', values: SECTOR_LABELS } },
      'wizard.restart': { idempotencyKey: 'la clave nueva del nuevo prospecto' },
    },
    context: {
      nombreEmpresa: 'nombre del negocio',
      nombre: 'nombre',
      apellido: 'apellido',
      pais: { meaning: 'país', values: COUNTRY_WORDS },
      whatsapp: 'WhatsApp',
      email: 'e-mail',
      situacionActual: { meaning: 'situación actual', values: SITUATION_LABELS },
      rubro: { meaning: 'rubro', values: CATEGORY_LABELS },
      sector: { meaning: 'sector', values: SECTOR_LABELS },
      visitoDemo: 'si abrió la demo',
      codigoReferido: 'código de referido',
      tracking: 'datos de la campaña (de la dirección de la página)',
      leadId: 'identificador del prospecto en el servidor',
      recaptchaToken: 'comprobante de la verificación contra bots',
      idempotencyKey: 'clave de esta pestaña, para no duplicar el prospecto',
      promotionMode: 'modo promoción (ofrece la prueba gratis)',
      needsBotCheck: 'si hace falta la verificación contra bots',
      botCheckFailures: 'verificaciones contra bots fallidas seguidas',
      unsentChanges: 'si hay cambios sin enviar al servidor',
      updateFailures: 'actualizaciones fallidas seguidas',
      contactErrors: { meaning: 'mensaje de cada campo a corregir', values: CONTACT_FIELD_WORDS },
      checkedFields: { meaning: 'campos que ya muestran su mensaje', values: CONTACT_FIELD_WORDS },
      refusedValues: { meaning: 'valores que un campo no aceptó', values: CONTACT_FIELD_WORDS },
      saveFailure: {
        meaning: 'motivo del último guardado fallido',
        fields: {
          kind: {
            meaning: 'motivo',
            values: {
              unavailable: 'el servidor no responde',
              rateLimited: 'demasiados intentos',
              refused: 'un dato rechazado',
              download: 'el código sin descargar',
            },
          },
          retryAfterSeconds: 'segundos de espera',
          refused: 'campos rechazados',
        },
      },
    },
    answers: {
      validateContact: { meaning: 'mensaje de cada campo a corregir', values: CONTACT_FIELD_WORDS },
      judgeContact: { meaning: 'mensaje de cada campo a corregir', values: CONTACT_FIELD_WORDS },
      getBotToken: 'el comprobante de la verificación',
      createLead: {
        meaning: 'el prospecto guardado',
        fields: { id: 'identificador del prospecto', estado: 'estado del prospecto' },
      },
      updateLead: {
        meaning: 'el prospecto actualizado',
        fields: { id: 'identificador del prospecto', estado: 'estado del prospecto' },
      },
    },
    delays: {
      updateRetryDelay: `Espera antes de reintentar una actualización, según los fallos seguidos: ${retryDelays} ms.`,
    },
  },
};
