/**
 * Surviving mutants that no test can notice, each with the reason (issue #41: every survivor is
 * either killed by a test a visitor or the spec would care about, or listed here). A mutant is
 * matched by its file, Stryker's mutator and the code before and after the change, not by its line,
 * so the list survives edits elsewhere in the file. `npm run test:mutation` writes the reason beside
 * the survivor in tests/mutation/summary.json, and the explorer shows it.
 */
export interface EquivalentMutant {
  /** A file, or a pattern of files (every machine, for a pattern the machines share). */
  file: string | RegExp;
  /** Stryker's mutator; absent: any mutator of that code. */
  mutator?: string;
  /** The code the mutant changes, exactly as in the source, or a pattern of it. */
  original: string | RegExp;
  /** What the mutant puts instead; absent: any replacement of that code by that mutator. */
  replacement?: string;
  /**
   * The source line the mutant starts on: required where the code alone (a `''`, a `false`) would
   * also excuse a new mutant elsewhere in the file that nobody has read.
   */
  line?: RegExp;
  /** Why no visitor, API client or product owner could tell the difference (Spanish). */
  reason: string;
}

const TYPEOF_BEFORE_INCLUDES =
  'La lista solo tiene textos: sin la comprobación de que el valor es un texto, `includes` sigue diciendo que no a cualquier otro valor.';

const MACHINES = /^src\/flows\/[^/]+\/[^/]+\.machine\.ts$/;

export const EQUIVALENT_MUTANTS: readonly EquivalentMutant[] = [
  // Patterns every machine shares.
  {
    file: MACHINES,
    mutator: 'ObjectLiteral',
    original: /^\{\s*(input|context|events): \{\} as /,
    reason: 'Son solo los tipos de la máquina para el compilador: no existen cuando el sitio corre.',
  },
  {
    file: MACHINES,
    original: /^'[A-Za-z]+ not provided'$|^\{\s*throw new Error\('[A-Za-z]+ not provided'\);?\s*\}$/,
    reason:
      'Es el lugar del servicio que la página provee con `.provide()`: la página y las pruebas siempre lo reemplazan, así que nunca corre.',
  },
  {
    file: MACHINES,
    mutator: 'ConditionalExpression',
    original: /^event\.type [!=]== '[a-z.]+'$/,
    reason:
      'La acción o la condición solo está en transiciones de ese evento: la comparación del tipo siempre da lo mismo y está para que el código sepa qué datos trae el evento.',
  },
  {
    file: 'src/flows/payment/payment.machine.ts',
    original:
      /^\{ type: 'buttons\.failed' \}$|^'buttons\.failed'$|^\{\s*sendBack\(\{ type: 'buttons\.failed' \}\);\s*\}$/,
    reason:
      'Es lo que harían los botones si la página no los proveyera: la página siempre provee los de PayPal, así que nunca corre.',
  },
  {
    file: 'src/flows/payment/payment.machine.ts',
    original: /^context\.params\?\.(sandbox|locale)$|^false$|^''$/,
    line: /context\.params\?\.(sandbox \?\? false|locale \?\? '')|orderId: context\.orderId \?\? ''/,
    reason:
      'El medio de pago solo se carga con parámetros válidos (condición `hasValidParams`), y solo se cobra con un pedido aprobado (`hasOrderId`): los valores de reserva nunca se usan.',
  },
  {
    file: 'src/flows/payment/payment.machine.ts',
    mutator: 'StringLiteral',
    original: "'loading'",
    reason:
      'Todos los estados del pago llevan la etiqueta de su etapa, así que la etapa de reserva nunca se usa (la prueba de la máquina recorre cada estado con su etapa).',
  },
  {
    file: 'src/flows/payment/payment.machine.ts',
    mutator: 'ArrayDeclaration',
    original: '[]',
    reason:
      'Con parámetros válidos la página nunca muestra la lista de errores: solo la lee el estado de parámetros inválidos.',
  },
  {
    file: 'src/flows/country-prices/country-prices.machine.ts',
    mutator: 'ConditionalExpression',
    original: 'rate !== null',
    reason:
      'Los precios tratan una cotización que falta igual si llega como `null` o no llega: sin cotización válida los precios quedan solo en dólares.',
  },
  {
    file: 'src/flows/registration/lead-wizard.machine.ts',
    original:
      /^(\(event\.type !== 'contact\.blur' && event\.type !== 'contact\.change'\) \|\|[\s\S]*|event\.type !== 'contact\.blur' && event\.type !== 'contact\.change')$/,
    reason:
      'La acción solo está en transiciones de `contact.blur` y `contact.change` cuyas condiciones ya exigen un campo del paso 1: esta comprobación repetida nunca decide nada.',
  },
  {
    file: 'src/flows/registration/lead-wizard.machine.ts',
    original:
      /^event\.type === '(contact\.change|situation\.select|category\.select|sector\.select)' (&&|\|\|)[\s\S]*$|^event\.type === 'sector\.select' && context\.rubro !== null$|^context\.rubro !== null$/,
    reason:
      'La misma regla ya se revisó antes, en la condición de la transición (`isValidContactChange`, `isSituationChange`, `isCategoryChange`, `isSectorChange`) o en la condición anterior de la misma lista, y la página solo envía campos del paso 1 con texto y valores de sus listas: la comprobación repetida nunca decide nada.',
  },
  {
    file: 'src/flows/registration/lead-wizard.machine.ts',
    original: /^\{ rubro: context\.rubro \}$|^''$/,
    line: /: \{ rubro: context\.rubro \}|context\.leadId \?\? ''/,
    reason:
      'Solo corre cuando la condición de la transición ya se cumplió (un rubro de la lista; un prospecto guardado para actualizar): la rama de reserva nunca se usa.',
  },
  {
    file: 'src/flows/registration/lead-wizard.machine.ts',
    mutator: 'ConditionalExpression',
    original: 'message !== undefined',
    reason:
      'Un campo sin mensaje quedaría como clave sin valor: la vista y el paso 1 leen el mensaje de cada campo, no si la clave existe.',
  },
  {
    file: 'src/flows/newsletter/newsletter.machine.ts',
    original: "''",
    line: /message: context\.message \?\? ''/,
    reason:
      'El aviso solo se muestra con el mensaje de la respuesta o el texto de reserva en español: nunca falta.',
  },
  {
    file: 'src/flows/blog-grid/blog-grid.machine.ts',
    mutator: 'ConditionalExpression',
    original: "typeof params.category === 'string'",
    reason:
      'Las categorías de los artículos son textos: sin la comprobación del tipo, un valor que no es texto igual no coincide con ninguna y la grilla no cambia.',
  },
  {
    file: 'src/flows/referral-banner/referral-banner.machine.ts',
    original: "''",
    line: /code: context\.code \?\? ''/,
    reason:
      'La franja solo se muestra con un código de referido (condición `hasReferralCode`): al pulsar «Aplicar» el código nunca falta.',
  },
  {
    file: 'src/flows/country-prices/country-prices.machine.ts',
    original: 'async () => null',
    reason: 'Es el lugar de la búsqueda del país que la página provee con `.provide()`: nunca corre.',
  },
  {
    file: /^src\/flows\/(blog-grid\/blog-grid|registration\/lead-wizard)\.machine\.ts$/,
    mutator: 'StringLiteral',
    original: /^'(browsing|#leadWizard\.steps\.contact)'$/,
    reason:
      'Sin ese destino XState entra en el estado que lo contiene, cuyo estado inicial es el mismo: el visitante llega al mismo lugar (la grilla sigue mostrando artículos; Registrar otro negocio vuelve al paso 1).',
  },
  {
    file: 'src/flows/registration/lead-wizard.machine.ts',
    mutator: 'StringLiteral',
    original: /^'(isContactComplete|markAllFieldsChecked)'$/,
    reason:
      'En la falla de un envío los datos ya están completos y todos los campos ya quedaron revisados en el primer envío (cualquier cambio sale de la falla): volver a exigirlo o a marcarlos no cambia nada.',
  },
  {
    file: 'src/flows/registration/lead-wizard.machine.ts',
    mutator: 'BooleanLiteral',
    original: 'true',
    reason:
      'La transición va al estado que contiene el envío en curso: con o sin volver a entrar en él, el envío empieza de nuevo con los datos más nuevos (lo prueba la prueba de la máquina que envía cada cambio con los datos más nuevos).',
  },
  {
    file: 'src/flows/country-prices/country-prices.machine.ts',
    original:
      /^\{\s*type: 'assignCountry',\s*params: \(\{ context \}\) => \(\{ code: resolveCountry\(context\.sources\) \}\),?\s*\}$|^'assignCountry'$/,
    reason:
      'Solo se busca el país sin dirección ni cookie, y elegir un país durante la búsqueda sale de ella: cuando la búsqueda falla, el país ya es Argentina, el de reserva, y volver a ponerlo no cambia nada.',
  },
  {
    file: 'src/domain/countries.ts',
    mutator: 'StringLiteral',
    original: /^'Peso [a-z]+'$/,
    reason: 'El nombre de la moneda no se muestra en ninguna página ni lo lee la API: solo su código.',
  },
  {
    file: 'src/domain/newsletter.ts',
    mutator: 'StringLiteral',
    original: /^'(newsletter\/|email|success|error)'$/,
    reason:
      'El formulario y la API local leen el mismo valor de este módulo: cambiarlo cambia los dos lados a la vez y la suscripción sigue funcionando (el widget real responde `success`, que la máquina compara con su propio texto).',
  },
  {
    file: 'src/domain/payment-params.ts',
    original: /^MAX_STORE_NAME_LENGTH - 1$|^'0'$|^cliente\.toLocaleLowerCase\('es'\)$|^stores > 0$/,
    reason:
      'Otra regla decide antes: el largo de un nombre se revisa antes que su forma, un importe válido siempre tiene parte entera, pasar a mayúsculas también iguala dos nombres escritos distinto, y sin tiendas ya hay un error propio.',
  },
  {
    file: 'src/domain/save-failure.ts',
    mutator: 'ConditionalExpression',
    original: "typeof retryAfterSeconds === 'number'",
    reason: 'La comprobación siguiente, `Number.isFinite`, ya dice que no a todo lo que no es un número.',
  },
  {
    file: 'src/domain/countries.ts',
    mutator: 'ConditionalExpression',
    original: "typeof value === 'string'",
    replacement: 'true',
    reason: TYPEOF_BEFORE_INCLUDES,
  },
  {
    file: 'src/domain/lead-payload.ts',
    mutator: 'ConditionalExpression',
    original: "typeof value === 'string'",
    replacement: 'true',
    reason: TYPEOF_BEFORE_INCLUDES,
  },
  {
    file: 'src/domain/lead-key.ts',
    mutator: 'StringLiteral',
    original: "'0'",
    line: /padStart\(8, '0'\)/,
    reason:
      'Completa con ceros las cifras del resumen: sin ellos la clave es a veces más corta, pero sigue siendo válida para la API y distinta para cada negocio.',
  },
  {
    file: 'src/domain/lead-key.ts',
    mutator: 'EqualityOperator',
    original: 'i < text.length',
    replacement: 'i <= text.length',
    reason:
      'Una vuelta más del resumen, sobre un carácter que no existe, da otro resumen pero igual de fijo para cada negocio: la misma pestaña y el mismo negocio siguen dando la misma clave, y la API reconoce al negocio por su nombre y su número, no por la clave.',
  },
];
