import { describe, expect, it } from 'vitest';
import { and, not, setup, type AnyStateMachine } from 'xstate';
import { diffFlows } from '../src/diff/diff';
import { NO_CHANGES, listEs, renderFlowsDiff } from '../src/diff/markdown';
import { snapshotFlow, snapshotFlows, type CatalogueEntry, type FlowsSnapshot } from '../src/diff/snapshot';

/** A catalogue of flows as the child process hands it over: through JSON. */
function snapshot(...entries: CatalogueEntry[]): FlowsSnapshot {
  return JSON.parse(JSON.stringify(snapshotFlows(entries, 'src/flows/catalogue.ts'))) as FlowsSnapshot;
}

const registro = (machine: AnyStateMachine, guards: Record<string, string> = {}): CatalogueEntry => ({
  slug: 'registro',
  title: 'Registro (/registro)',
  machine,
  notes: { guards },
});

function summary(before: CatalogueEntry[], after: CatalogueEntry[]): string {
  const b = snapshot(...before);
  const a = snapshot(...after);
  return renderFlowsDiff(diffFlows(b, a), b, a);
}

function summaryOf(before: AnyStateMachine, after: AnyStateMachine, guards: Record<string, string> = {}) {
  return summary([registro(before, guards)], [registro(after, guards)]);
}

/** A delay counted from an earlier moment, like src's elapsedAwareDelay: its nominal duration is `ms`. */
const elapsedAware = (ms: number) =>
  Object.assign(({ context }: { context: { elapsedMs: number } }) => Math.max(0, ms - context.elapsedMs), {
    ms,
  });

/** The wizard in two steps, the base of most cases below. */
function wizard(
  options: {
    guard?: boolean;
    verifying?: boolean;
    contactKey?: 'contact' | 'contactData';
    situationTarget?: 'situation' | 'done';
  } = {},
) {
  const contact = options.contactKey ?? 'contact';
  return setup({
    guards: { isPhoneValid: () => true },
    actors: {},
  }).createMachine({
    id: 'registro',
    description: 'Registro de un prospecto.',
    initial: contact,
    states: {
      [contact]: {
        description: 'Paso 1: los datos de contacto.',
        on: {
          'step.next': {
            target: options.verifying ? 'verifyingWhatsapp' : (options.situationTarget ?? 'situation'),
            ...(options.guard ? { guard: 'isPhoneValid' } : {}),
            description: 'Siguiente.',
          },
        },
      },
      ...(options.verifying
        ? {
            verifyingWhatsapp: {
              description: 'Verificando WhatsApp.',
              on: { 'phone.verified': { target: 'situation', description: 'El número se verificó.' } },
            },
          }
        : {}),
      situation: {
        description: 'Paso 2: la situación actual.',
        on: { 'step.back': { target: contact, description: 'Volver al paso 1.' } },
      },
      done: { description: 'Fin.', type: 'final' },
    },
  });
}

describe('flows:diff snapshot', () => {
  it('keeps states with path, id, type, tags and meta, and transitions with guard, actions and delay', () => {
    const machine = setup({
      guards: { isReady: () => true },
      actions: { track: () => {}, log: () => {} },
      delays: { showDelay: elapsedAware(500), hideDelay: 3000 },
    }).createMachine({
      id: 'banner',
      description: 'Un aviso.',
      context: { elapsedMs: 0 },
      initial: 'hidden',
      states: {
        hidden: {
          description: 'Oculto.',
          tags: ['screen.hidden'],
          meta: { screen: 'ninguna' },
          after: {
            showDelay: { target: 'shown', guard: 'isReady', actions: 'track', description: 'Aparece.' },
          },
        },
        shown: {
          description: 'Visible.',
          entry: 'log',
          after: { hideDelay: { target: 'hidden', description: 'Se oculta.' }, 250: { actions: 'log' } },
        },
      },
    });
    const flow = snapshotFlow({ slug: 'banner', title: 'Aviso', machine });
    expect(flow.states.map((s) => [s.path, s.id, s.key, s.parent, s.type, s.initial])).toEqual([
      ['', 'banner', 'banner', null, 'compound', 'hidden'],
      ['hidden', 'banner.hidden', 'hidden', '', 'atomic', null],
      ['shown', 'banner.shown', 'shown', '', 'atomic', null],
    ]);
    expect(flow.states[1]).toMatchObject({ tags: ['screen.hidden'], meta: { screen: 'ninguna' } });
    expect(flow.states[2]).toMatchObject({ entry: ['log'], meta: null });
    // An object's integer keys come first in JavaScript: the 250 ms delay comes before hideDelay.
    expect(flow.transitions).toEqual([
      {
        key: 'banner.hidden xstate.after.showDelay.banner.hidden#0',
        source: 'hidden',
        kind: 'after',
        event: 'showDelay',
        targets: ['shown'],
        guard: 'isReady',
        actions: ['track'],
        delay: { name: 'showDelay', ms: 500 },
        description: 'Aparece.',
      },
      expect.objectContaining({
        event: '250',
        delay: { name: '250', ms: 250 },
        targets: [],
        description: null,
      }),
      expect.objectContaining({
        event: 'hideDelay',
        delay: { name: 'hideDelay', ms: 3000 },
        targets: ['hidden'],
      }),
    ]);
  });

  it('reads a catalogue module, and a snapshot compared with itself has no change', async () => {
    const { flows } = (await import('./fixtures/catalogue')) as unknown as { flows: CatalogueEntry[] };
    const snap = snapshot(...flows);
    expect(snap.flows.map((f) => f.slug)).toEqual(['door', 'light']);
    for (const flow of snap.flows) {
      expect(new Set(flow.transitions.map((t) => t.key)).size).toBe(flow.transitions.length);
      expect(new Set(flow.states.map((s) => s.path)).size).toBe(flow.states.length);
    }
    expect(diffFlows(snap, snapshot(...flows))).toEqual({ flows: [] });
    expect(renderFlowsDiff({ flows: [] }, snap, snap)).toBe(NO_CHANGES);
  });
});

describe('flows:diff summary', () => {
  it('says there is no change when the machines are alike', () => {
    expect(summaryOf(wizard(), wizard())).toBe('sin cambios en los flujos');
  });

  it('a state added, and a guard on a transition named by its note', () => {
    expect(
      summaryOf(wizard(), wizard({ verifying: true, guard: true }), { isPhoneValid: 'El número es válido.' }),
    ).toBe(
      [
        '### Registro (/registro)',
        '',
        '- Se agrega el estado «Verificando WhatsApp».',
        '- Se agrega la transición «El número se verificó» (`phone.verified` en «Verificando WhatsApp» → «Paso 2: la situación actual»).',
        '- «Siguiente» ahora lleva a «Verificando WhatsApp» (antes a «Paso 2: la situación actual»).',
        '- «Siguiente» ahora exige «El número es válido».',
      ].join('\n'),
    );
  });

  it('a guard made of others, named by the notes of the guards inside it', () => {
    const gated = (composed: boolean) =>
      setup({ guards: { isPhoneValid: () => true, isBlocked: () => false } }).createMachine({
        id: 'registro',
        initial: 'contact',
        states: {
          contact: {
            description: 'Paso 1: los datos de contacto.',
            on: {
              'step.next': {
                target: 'situation',
                guard: composed ? and(['isPhoneValid', not('isBlocked')]) : 'isPhoneValid',
                description: 'Siguiente.',
              },
            },
          },
          situation: { description: 'Paso 2: la situación actual.' },
        },
      });
    expect(
      summaryOf(gated(false), gated(true), {
        isPhoneValid: 'El número es válido.',
        isBlocked: 'El número está bloqueado.',
      }),
    ).toBe(
      [
        '### Registro (/registro)',
        '',
        '- «Siguiente» ahora exige «El número es válido y no se cumple que el número está bloqueado» (antes «El número es válido»).',
      ].join('\n'),
    );
  });

  it('a state removed, with its transitions', () => {
    expect(summaryOf(wizard({ verifying: true }), wizard())).toBe(
      [
        '### Registro (/registro)',
        '',
        '- Se quita el estado «Verificando WhatsApp».',
        '- Se quita la transición «El número se verificó» (`phone.verified` en «Verificando WhatsApp» → «Paso 2: la situación actual»).',
        '- «Siguiente» ahora lleva a «Paso 2: la situación actual» (antes a «Verificando WhatsApp»).',
      ].join('\n'),
    );
  });

  it('a state renamed: the same place and description under a new key, its transitions unchanged', () => {
    expect(summaryOf(wizard(), wizard({ contactKey: 'contactData' }))).toBe(
      [
        '### Registro (/registro)',
        '',
        '- El estado «Paso 1: los datos de contacto» cambia de nombre: `contact` → `contactData`.',
      ].join('\n'),
    );
  });

  it('a transition retargeted; a guard named without a note', () => {
    expect(summaryOf(wizard(), wizard({ situationTarget: 'done', guard: true }))).toBe(
      [
        '### Registro (/registro)',
        '',
        '- «Siguiente» ahora lleva a «Fin» (antes a «Paso 2: la situación actual»).',
        '- «Siguiente» ahora exige «isPhoneValid».',
      ].join('\n'),
    );
  });

  it('a delay whose duration changed, a renamed delay, and a computed one', () => {
    const banner = (show: number, hideName: 'hideDelay' | 'closeDelay') =>
      setup({
        delays: { showDelay: elapsedAware(show), hideDelay: 3000, closeDelay: 4000, computed: () => 10 },
      }).createMachine({
        id: 'banner',
        description: 'Aviso de referido.',
        context: { elapsedMs: 0 },
        initial: 'hidden',
        states: {
          hidden: {
            description: 'Oculto.',
            after: { showDelay: { target: 'shown', description: 'Aparece.' } },
          },
          shown: {
            description: 'Visible.',
            after: {
              [hideName]: { target: 'gone', description: 'Se oculta solo.' },
              computed: { target: 'gone' },
            },
          },
          gone: { description: 'Cerrado.', type: 'final' },
        },
      });
    const entry = (machine: AnyStateMachine) => ({
      slug: 'referral-banner',
      title: 'Aviso de referido',
      machine,
    });
    expect(summary([entry(banner(500, 'hideDelay'))], [entry(banner(800, 'closeDelay'))])).toBe(
      [
        '### Aviso de referido',
        '',
        '- «Aparece» ahora espera 800 ms en lugar de 500 ms (`showDelay`).',
        '- «Se oculta solo» ahora espera `closeDelay` (4000 ms) en lugar de `hideDelay` (3000 ms).',
      ].join('\n'),
    );
    const withoutComputed = setup({ delays: { computed: () => 10 } }).createMachine({
      id: 'banner',
      initial: 'shown',
      states: { shown: { description: 'Visible.' } },
    });
    expect(summary([entry(withoutComputed)], [entry(banner(500, 'hideDelay'))])).toContain(
      '- Se agrega la transición tras `computed` (un tiempo calculado) en «Visible» → «Cerrado».',
    );
  });

  it('parallel regions: a region and a state inside a region added, an action and a tag', () => {
    const page = (extended: boolean) =>
      setup({ actions: { sendUpdate: () => {}, markDirty: () => {} } }).createMachine({
        id: 'lead',
        description: 'El prospecto.',
        type: 'parallel',
        states: {
          steps: {
            description: 'Los pasos.',
            initial: 'contact',
            states: {
              contact: {
                description: 'Contacto.',
                tags: extended ? ['step.contact'] : [],
                on: {
                  'contact.change': {
                    actions: extended ? ['markDirty', 'sendUpdate'] : ['markDirty'],
                    description: 'Cambia un dato.',
                  },
                },
              },
            },
          },
          sync: {
            description: 'La sincronización.',
            initial: 'synced',
            states: {
              synced: { description: 'Guardado.' },
              ...(extended
                ? { sending: { description: 'Enviando.', on: { 'sync.done': { target: 'synced' } } } }
                : {}),
            },
          },
          ...(extended ? { online: { description: 'La conexión.' } } : {}),
        },
      });
    const entry = (machine: AnyStateMachine) => ({ slug: 'lead', title: 'Prospecto', machine });
    expect(summary([entry(page(false))], [entry(page(true))])).toBe(
      [
        '### Prospecto',
        '',
        '- Se agrega el estado «Enviando» dentro de «La sincronización».',
        '- Se agrega el estado «La conexión».',
        '- El estado «Contacto» ahora lleva la etiqueta `step.contact`.',
        '- Se agrega la transición `sync.done` en «Enviando» → «Guardado».',
        '- «Cambia un dato» ahora ejecuta `sendUpdate`.',
      ].join('\n'),
    );
  });

  it('nested states: a child added, the initial child changed, a nested state renamed with its children', () => {
    const nested = (version: 1 | 2) =>
      setup({}).createMachine({
        id: 'pago',
        description: 'El pago.',
        initial: 'checkout',
        states: {
          checkout: {
            description: 'La compra.',
            initial: version === 1 ? 'buttons' : 'loading',
            states: {
              ...(version === 2
                ? { loading: { description: 'Cargando los botones.', on: { ok: 'buttons' } } }
                : {}),
              buttons: {
                description: 'Los botones.',
                on: { 'payment.start': version === 1 ? 'approving' : 'approval' },
              },
              [version === 1 ? 'approving' : 'approval']: {
                description: 'Aprobación.',
                initial: 'waiting',
                states: { waiting: { description: 'Esperando al comprador.' } },
              },
            },
          },
        },
      });
    const entry = (machine: AnyStateMachine) => ({ slug: 'payment', title: 'Pago (/pagos)', machine });
    expect(summary([entry(nested(1))], [entry(nested(2))])).toBe(
      [
        '### Pago (/pagos)',
        '',
        '- El estado «Aprobación» cambia de nombre: `approving` → `approval`.',
        '- Se agrega el estado «Cargando los botones» dentro de «La compra».',
        '- El estado «La compra» ahora empieza en «Cargando los botones» (antes en «Los botones»).',
        '- Se agrega la transición `ok` en «Cargando los botones» → «Los botones».',
      ].join('\n'),
    );
  });

  it('descriptions changed: of the flow, of a state and of a transition; an event renamed', () => {
    const machine = (v: 1 | 2) =>
      setup({}).createMachine({
        id: 'newsletter',
        description: v === 1 ? 'El formulario.' : 'El formulario del boletín.',
        initial: 'idle',
        states: {
          idle: {
            description: v === 1 ? 'Esperando.' : 'Esperando el correo.',
            on: {
              [v === 1 ? 'submit' : 'form.submit']: {
                target: 'sending',
                description: 'Envía el formulario.',
              },
            },
          },
          sending: {
            description: 'Enviando.',
            on: { cancel: { target: 'idle', description: v === 1 ? 'Cancela.' : 'Cancela el envío.' } },
          },
        },
      });
    const entry = (m: AnyStateMachine) => ({ slug: 'newsletter', title: 'Boletín', machine: m });
    expect(summary([entry(machine(1))], [entry(machine(2))])).toBe(
      [
        '### Boletín',
        '',
        '- La descripción del flujo cambia: «El formulario» → «El formulario del boletín».',
        '- La descripción del estado «Esperando» cambia a «Esperando el correo».',
        '- «Envía el formulario» ahora se dispara con `form.submit` (antes con `submit`).',
        '- La descripción de «Cancela» cambia a «Cancela el envío».',
      ].join('\n'),
    );
  });

  it("the flow's own changes come first: its initial state, then a state added", () => {
    const machine = (v: 1 | 2) =>
      setup({}).createMachine({
        id: 'slides',
        description: 'Las diapositivas.',
        initial: v === 1 ? 'first' : 'second',
        states: {
          first: { description: 'Diapositiva 1.' },
          second: { description: 'Diapositiva 2.' },
          ...(v === 2 ? { third: { description: 'Diapositiva 3.' } } : {}),
        },
      });
    const entry = (m: AnyStateMachine) => ({
      slug: 'mobile-slides',
      title: 'Bienvenida de la app',
      machine: m,
    });
    expect(summary([entry(machine(1))], [entry(machine(2))])).toBe(
      [
        '### Bienvenida de la app',
        '',
        '- El flujo ahora empieza en «Diapositiva 2» (antes en «Diapositiva 1»).',
        '- Se agrega el estado «Diapositiva 3».',
      ].join('\n'),
    );
  });

  it('flows added, removed and retitled, each in its own section', () => {
    const tiny = (id: string, description: string) =>
      setup({}).createMachine({
        id,
        description,
        initial: 'a',
        states: { a: { description: 'A.', on: { go: 'b' } }, b: { description: 'B.' } },
      });
    const before = [
      { slug: 'welcome', title: 'Welcome page (/bienvenido)', machine: tiny('welcome', 'Bienvenida.') },
      { slug: 'old', title: 'Viejo', machine: tiny('old', 'Un flujo viejo.') },
    ];
    const after = [
      { slug: 'welcome', title: 'Bienvenida (/bienvenido)', machine: tiny('welcome', 'Bienvenida.') },
      { slug: 'new', title: 'Nuevo', machine: tiny('new', 'Un flujo nuevo.') },
    ];
    expect(summary(before, after)).toBe(
      [
        '### Bienvenida (/bienvenido)',
        '',
        '- El título cambia: «Welcome page (/bienvenido)» → «Bienvenida (/bienvenido)».',
        '',
        '### Nuevo',
        '',
        '- Flujo nuevo: «Un flujo nuevo» (2 estados, 1 transición).',
        '',
        '### Viejo',
        '',
        '- Se quita el flujo.',
      ].join('\n'),
    );
  });

  it('the diff names states by path and transitions by the explorer key, before and after', () => {
    const b = snapshot(registro(wizard()));
    const a = snapshot(registro(wizard({ verifying: true, guard: true })));
    expect(diffFlows(b, a).flows[0]?.changes).toEqual([
      { kind: 'state.added', after: 'verifyingWhatsapp' },
      { kind: 'transition.added', after: 'registro.verifyingWhatsapp phone.verified#0' },
      {
        kind: 'transition.changed',
        before: 'registro.contact step.next#0',
        after: 'registro.contact step.next#0',
        field: 'targets',
        was: ['situation'],
        now: ['verifyingWhatsapp'],
      },
      {
        kind: 'transition.changed',
        before: 'registro.contact step.next#0',
        after: 'registro.contact step.next#0',
        field: 'guard',
        was: null,
        now: 'isPhoneValid',
      },
    ]);
  });

  it('joins names the Spanish way', () => {
    expect(listEs([])).toBe('');
    expect(listEs(['a'])).toBe('a');
    expect(listEs(['a', 'b'])).toBe('a y b');
    expect(listEs(['a', 'b', 'c'])).toBe('a, b y c');
  });
});
