import { describe, expect, it } from 'vitest';
import { decodeSteps, encodeSteps, formatLink, readLink, slugOf } from '../src/explorer/link/link';
import { fromRison, toRison } from '../src/explorer/link/rison';
import { encodeSteps as encodeLegacySteps, type Step } from '../src/explorer/sim/steps';

const steps: Step[] = [
  { kind: 'event', event: { type: 'contact.change', field: 'nombre', value: 'José Ñandú ✓' } as never },
  { kind: 'event', event: { type: 'contact.submit' } },
  { kind: 'event', event: { type: 'step.next' }, unchecked: true },
  { kind: 'delay', type: 'xstate.after.updateRetryDelay.leadWizard.sync.updating.attempt.retryWait' },
  { kind: 'delay', type: 'xstate.after.1000.leadWizard' },
  { kind: 'done', id: 'createLead', output: { id: 'lead-42', estado: 'nuevo' } },
  { kind: 'done', id: 'loadSdk' },
  { kind: 'done', id: 'getBotToken', output: 'token 1' },
  { kind: 'error', id: 'updateLead', message: "No se pudo actualizar (o sí): 100% 'seguro'; & más!" },
  { kind: 'context', context: { email: 'ana@', updateFailures: 3, leadId: null } },
];

describe('values in a link', () => {
  it.each([
    [{ field: 'nombre', value: 'Ana' }, '(field:nombre,value:Ana)'],
    [{ a: [1, -2.5, true, false, null], b: {} }, '(a:!(1,-2.5,!t,!f,!n),b:())'],
    ['lead-42', 'lead-42'],
    ['con espacio', "'con espacio'"],
    ["it's!", "'it!'s!!'"],
    ['42', "'42'"],
    ['', "''"],
    [{ orderId: '"><img src=x>' }, `(orderId:'"><img src=x>')`],
  ])('%j is written %s and read back', (value, text) => {
    expect(toRison(value)).toBe(text);
    expect(fromRison(text)).toEqual(value);
  });

  it('leaves undefined fields out and refuses what is not a value', () => {
    expect(toRison({ a: undefined, b: 1 })).toBe('(b:1)');
    expect(() => fromRison('(a:1')).toThrow('un objeto no está cerrado');
    expect(() => fromRison("'abc")).toThrow('no está cerrado');
    expect(() => fromRison('(a:1)x')).toThrow('sobra');
    expect(() => fromRison('(__proto__:1)')).toThrow('no es válido');
  });
});

describe('steps in a link', () => {
  it('are readable: events by name with their fields, delays, answers, failures and own context values', () => {
    const text = encodeSteps('leadWizard', steps);
    expect(text).toBe(
      [
        "contact.change=(field:nombre,value:'José Ñandú ✓')",
        'contact.submit',
        '~step.next',
        'espera:updateRetryDelay@sync.updating.attempt.retryWait',
        "espera:'1000'",
        'responde:createLead=(id:lead-42,estado:nuevo)',
        'responde:loadSdk',
        "responde:getBotToken='token 1'",
        "falla:updateLead='No se pudo actualizar (o sí): 100% !'seguro!'; & más!!'",
        'contexto:(email:ana@,updateFailures:3,leadId:!n)',
      ].join(';'),
    );
    expect(decodeSteps('leadWizard', text)).toEqual({ steps, problem: undefined });
  });

  it('stop at the first step that cannot be read, keeping the ones before it', () => {
    const { steps: read, problem } = decodeSteps('welcome', 'redirect.abort;responde:loadSdk=(a:;step.next');
    expect(read).toEqual([{ kind: 'event', event: { type: 'redirect.abort' } }]);
    expect(problem).toEqual({ step: 1, message: expect.stringContaining('el paso 2 no se puede leer') });
    expect(decodeSteps('welcome', 'xstate.init').problem?.message).toContain('no es un evento del visitante');
    expect(decodeSteps('welcome', 'a=!(1)').problem?.message).toContain('los datos de «a» no son campos');
    expect(decodeSteps('welcome', 'a;;b').problem?.step).toBe(1);
  });
});

describe('a flow link', () => {
  const machineId = 'leadWizard';

  it('keeps the case, the steps, the selected state, the zoom and the collapsed states', () => {
    const hash = formatLink('lead-wizard', machineId, {
      run: 1,
      steps: steps.slice(0, 2),
      selected: 'leadWizard.steps.contact.editing',
      zoom: 80,
      collapsed: ['leadWizard.sync', 'leadWizard.steps.contact'],
    });
    expect(hash).toBe(
      "#/lead-wizard?caso=1&pasos=contact.change=(field:nombre,value:'Jos%C3%A9%20%C3%91and%C3%BA%20%E2%9C%93');contact.submit&estado=steps.contact.editing&zoom=80&plegados=sync,steps.contact",
    );
    expect(slugOf(hash)).toBe('lead-wizard');
    expect(readLink(hash, machineId)).toEqual({
      run: 1,
      steps: steps.slice(0, 2),
      path: undefined,
      selected: 'leadWizard.steps.contact.editing',
      zoom: 80,
      collapsed: ['leadWizard.sync', 'leadWizard.steps.contact'],
      collapsedGiven: true,
      problems: [],
    });
  });

  it('leaves out the folds the chart opens with, and says when there are fewer or another view', () => {
    const folds = ['leadWizard.steps.contact', 'leadWizard.steps.thanks'];
    const opening = formatLink('lead-wizard', machineId, { collapsed: folds, collapsedDefault: true });
    expect(opening).toBe('#/lead-wizard');
    expect(readLink(opening, machineId)).toMatchObject({ collapsed: [], collapsedGiven: false });
    // Every step unfolded is not the opening view: the link says none is folded.
    const none = formatLink('lead-wizard', machineId, { collapsed: [], collapsedDefault: false });
    expect(none).toBe('#/lead-wizard?plegados=');
    expect(readLink(none, machineId)).toMatchObject({ collapsed: [], collapsedGiven: true, problems: [] });
    const whole = formatLink('lead-wizard', machineId, { collapsed: [], view: 'completa' });
    expect(whole).toBe('#/lead-wizard?vista=completa');
    expect(readLink(whole, machineId)).toMatchObject({ view: 'completa', problems: [] });
    const unknown = readLink('#/lead-wizard?vista=todo', machineId);
    expect(unknown.view).toBeUndefined();
    expect(unknown).toMatchObject({
      problems: [{ message: '«vista=todo» no es «vista=pasos» ni «vista=completa»' }],
    });
  });

  it('writes the steps of a replayed path as a count', () => {
    const path = steps.slice(1, 4);
    const hash = formatLink('lead-wizard', machineId, { path, steps: path.slice(0, 2) });
    expect(hash).toBe(
      '#/lead-wizard?recorrido=contact.submit;~step.next;espera:updateRetryDelay@sync.updating.attempt.retryWait&pasos=2',
    );
    expect(readLink(hash, machineId)).toMatchObject({ path, steps: path.slice(0, 2), problems: [] });
    // Steps off the path are written out.
    const off = formatLink('lead-wizard', machineId, { path, steps: [steps[0] as Step] });
    expect(off).toContain('&pasos=contact.change=');
    expect(readLink(off, machineId).steps).toEqual([steps[0]]);
  });

  it('is the bare flow when nothing was done', () => {
    expect(formatLink('welcome', 'welcome', {})).toBe('#/welcome');
    expect(slugOf('')).toBeUndefined();
    expect(slugOf('#/')).toBeUndefined();
  });

  it('reads what it can and names the rest', () => {
    const read = readLink(
      '#/welcome?caso=uno&pasos=redirect.abort;%%;x&estado=a b&zoom=9000&plegados=ok,no va',
      'welcome',
    );
    expect(read.run).toBeUndefined();
    expect(read.steps).toEqual([{ kind: 'event', event: { type: 'redirect.abort' } }]);
    expect(read.zoom).toBeUndefined();
    expect(read.selected).toBeUndefined();
    expect(read.collapsed).toEqual(['welcome.ok']);
    expect(read.problems.map((p) => p.message)).toEqual([
      'el caso de prueba «uno» no es un número',
      expect.stringContaining('el paso 2 no se puede leer'),
      '«a b» no es un estado',
      'el zoom «9000» no es un porcentaje entre 5 y 400',
      '«no va» no es un estado que se pueda plegar',
    ]);
  });

  it('keeps the chart of changes shown', () => {
    const hash = formatLink('lead-wizard', machineId, {
      selected: 'leadWizard.steps.contact.validating',
      changes: true,
    });
    expect(hash).toBe('#/lead-wizard?estado=steps.contact.validating&cambios=si');
    expect(readLink(hash, machineId)).toMatchObject({ changes: true, problems: [] });
    expect(formatLink('lead-wizard', machineId, { changes: false })).toBe('#/lead-wizard');
    expect(readLink('#/lead-wizard?cambios=no', machineId).changes).toBeUndefined();
    expect(readLink('#/lead-wizard?cambios=tal-vez', machineId).problems).toEqual([
      { message: '«cambios=tal-vez» no es «cambios=si», «cambios=no» ni una versión del flujo' },
    ]);
  });

  it('keeps the version it was made from, the code names and the change selected, last', () => {
    const hash = formatLink('lead-wizard', machineId, {
      steps: steps.slice(1, 2),
      selected: 'leadWizard.steps.contact',
      changes: true,
      changesFrom: '0badc0de',
      transition: 'leadWizard.steps.contact.editing contact.submit#0~antes',
      ids: true,
      version: '1a2b3c4d',
    });
    expect(hash).toBe(
      '#/lead-wizard?pasos=contact.submit&estado=steps.contact&cambios=0badc0de&transicion=steps.contact.editing%20contact.submit%230~antes&nombres=si&version=1a2b3c4d',
    );
    expect(readLink(hash, machineId)).toEqual({
      run: undefined,
      steps: steps.slice(1, 2),
      path: undefined,
      selected: 'leadWizard.steps.contact',
      zoom: undefined,
      collapsed: [],
      collapsedGiven: false,
      changes: true,
      changesFrom: '0badc0de',
      transition: 'leadWizard.steps.contact.editing contact.submit#0~antes',
      ids: true,
      version: '1a2b3c4d',
      problems: [],
    });
    // The chart of the build's base, and a transition of the machine's root, keep their form.
    const base = formatLink('welcome', 'welcome', {
      changes: true,
      transition: 'welcome xstate.after.1000.welcome#0',
    });
    expect(base).toBe('#/welcome?cambios=si&transicion=welcome%20xstate.after.1000.welcome%230');
    expect(readLink(base, 'welcome').changesFrom).toBeUndefined();
    expect(readLink(base, 'welcome').transition).toBe('welcome xstate.after.1000.welcome#0');
    // A transition is only written with the chart it was selected on.
    expect(formatLink('welcome', 'welcome', { transition: 'welcome a#0', ids: false })).toBe('#/welcome');
  });

  it('opens a link without a version, and one with a version it cannot read, saying so', () => {
    const old = readLink('#/welcome?caso=0&pasos=redirect.abort', 'welcome');
    expect(old.version).toBeUndefined();
    expect(old.problems).toEqual([]);
    const read = readLink(
      '#/welcome?pasos=redirect.abort&version=v2&nombres=tal-vez&transicion=sin-espacio',
      'welcome',
    );
    expect(read.steps).toEqual([{ kind: 'event', event: { type: 'redirect.abort' } }]);
    expect([read.version, read.ids, read.transition]).toEqual([undefined, undefined, undefined]);
    expect(read.problems.map((p) => p.message)).toEqual([
      '«sin-espacio» no es una transición',
      '«nombres=tal-vez» no es «nombres=si» ni «nombres=no»',
      '«version=v2» no es una versión de un flujo (8 cifras hexadecimales): el enlace se abre sin saber de qué versión es',
    ]);
    expect(readLink('#/welcome?nombres=no', 'welcome').ids).toBeUndefined();
  });

  it('still reads the earlier base64 links', () => {
    const legacy = `#/lead-wizard?c=2&e=${encodeLegacySteps(steps)}`;
    expect(readLink(legacy, machineId)).toMatchObject({ run: 2, steps, problems: [] });
  });
});
