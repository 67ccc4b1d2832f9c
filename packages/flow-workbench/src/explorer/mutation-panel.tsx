/**
 * How strong QA's tests of this flow are: the last mutation run's score (the share of small changes
 * to the flow's rules that some test noticed) and each change no test noticed, on the state or
 * transition it changes, with the reason when the team judged it makes no difference.
 */
import type { FlowGraph } from '../graph/describe';
import { MUTATION_GOAL, type Survivor } from '../kit';
import { OLDER_VERSION_NOTICE, formatDate } from './qa';
import { versionOf, type FlowEntry } from './flows';
import { Ident, NoteText, StateName, noteOf, type NoteKind } from './meaning';
import {
  flowMutation,
  mutatedVersions,
  survivorPlace,
  useMutation,
  targetName,
  targetWords,
  type FlowMutation,
} from './mutation';

interface Props {
  entry: FlowEntry;
  graph: FlowGraph;
  onSelect: (stateId: string) => void;
}

/**
 * `94,5 %`, as the rest of the explorer writes numbers; the space does not break, so a narrow
 * panel never leaves the sign alone at the start of a line.
 */
export function percentText(score: number): string {
  return `${score.toLocaleString('es', { maximumFractionDigits: 1 })}\u00a0%`;
}

function valid(f: { killed: number; survived: number; noCoverage: number }): number {
  return f.killed + f.survived + f.noCoverage;
}

/** The machine's score in one sentence, for the panel and the index. */
export function scoreSentence(mutation: FlowMutation): string {
  const m = mutation.machine;
  if (!m) return 'La corrida de mutación no cambió la máquina de este flujo.';
  return `${percentText(m.score)} de los cambios a sus reglas los nota alguna prueba (${m.killed} de ${valid(m)})${m.score >= MUTATION_GOAL ? '' : `; la meta es ${percentText(MUTATION_GOAL)}`}.`;
}

const NOTE_KINDS: Partial<Record<Survivor['target']['kind'], NoteKind>> = {
  guard: 'guards',
  action: 'actions',
  delay: 'delays',
  actor: 'actors',
};

/** The meaning of a survivor's guard, action, delay or actor, from the flow's notes. */
function meaningOf(entry: FlowEntry, s: Survivor): string | undefined {
  const kind = NOTE_KINDS[s.target.kind];
  const name = targetName(s);
  return kind && name ? noteOf(entry, kind, name)?.replace(/\.$/, '') : undefined;
}

export function MutationPanel({ entry, graph, onSelect }: Props) {
  const summary = useMutation();
  const mutation = flowMutation(graph.machineId, summary);
  const today = versionOf(entry);
  const older = mutation ? mutatedVersions(mutation, graph.machineId, today) : [];
  return (
    <section className="panel mutation-panel" aria-labelledby="mutation-title">
      <h2 id="mutation-title">Pruebas de mutación</h2>
      {summary === undefined ? (
        <p className="muted">Buscando la corrida de mutación…</p>
      ) : !mutation ? (
        <p>
          Todavía no hay una corrida de mutación de este flujo: se produce con{' '}
          <code>npm run test:mutation</code>.
        </p>
      ) : (
        <>
          <p>
            Cada regla de la máquina se cambia de a una (una condición al revés, un número corrido en uno, un
            texto vacío) y se corren las pruebas: un cambio que ninguna prueba nota es una regla que podría
            romperse sin que nadie se entere.
          </p>
          {older.length > 0 ? (
            <p className="qa-warning" role="note">
              <strong>Atención:</strong>{' '}
              <NoteText
                text={`${OLDER_VERSION_NOTICE} (${older.map((v) => `\`${v}\``).join(', ')}; la de hoy es \`${today}\`): desde esa corrida cambió lo que hace el flujo. Vuelve a correr \`npm run test:mutation\` para saber cuánto notan las pruebas la versión de hoy.`}
              />
            </p>
          ) : null}
          <p>
            <strong>{scoreSentence(mutation)}</strong>
            {mutation.machine ? ` Corrida del ${formatDate(mutation.machine.date)}.` : ''}
          </p>
          {mutation.rules.length > 0 ? (
            <p className="small">
              Reglas del dominio que usa:{' '}
              {mutation.rules.map((r, i) => (
                <span key={r.file}>
                  {i > 0 ? ', ' : ''}
                  <Ident>{r.file.split('/').pop()}</Ident> {percentText(r.score)}
                </span>
              ))}
              .
            </p>
          ) : null}
          {mutation.survivors.length === 0 ? (
            <p>Ninguna prueba dejó pasar un cambio.</p>
          ) : (
            <>
              <h3>
                Cambios que ninguna prueba notó ({mutation.survivors.length}
                {mutation.survivors.some((s) => s.equivalent)
                  ? `, ${mutation.survivors.filter((s) => s.equivalent).length} sin efecto para el visitante`
                  : ''}
                )
              </h3>
              <ul className="mutation-survivors">
                {mutation.survivors.map((s) => {
                  const place = survivorPlace(s, graph);
                  const name = targetName(s);
                  const meaning = meaningOf(entry, s);
                  const places = [...new Set([...place.states, ...place.transitions.map((t) => t.source)])];
                  return (
                    <li key={`${s.file}:${s.id}`} data-survivor={s.id}>
                      <p>
                        Si {targetWords(s)}
                        {meaning ? (
                          <>
                            {' '}
                            «<NoteText text={meaning} />»
                          </>
                        ) : s.target.kind === 'state' && place.transitions.length > 0 ? (
                          <>
                            {' '}
                            «
                            {place.transitions
                              .map((t) => (t.description || t.trigger).replace(/\.$/, ''))
                              .join('», «')}
                            »
                          </>
                        ) : null}{' '}
                        cambiara, ninguna prueba lo notaría.
                      </p>
                      {places.length > 0 ? (
                        // A button is laid out as one box: a long state name beside the sentence's
                        // quotes and commas would leave them alone on a line. Each state is a line of
                        // its own, its quotes inside.
                        <p className="small survivor-places">
                          {places.length === 1 ? 'En el estado ' : 'En los estados '}
                          {places.map((id) => (
                            <button key={id} type="button" className="link" onClick={() => onSelect(id)}>
                              <span aria-hidden="true">«</span>
                              <StateName graph={graph} id={id} />
                              <span aria-hidden="true">»</span>
                            </button>
                          ))}
                        </p>
                      ) : (
                        <p className="small">Cambia una regla de todo el flujo, no de un estado.</p>
                      )}
                      {/* The separators hold on to the code before them: a line of the panel never
                          starts with one. */}
                      <p className="small dev-line">
                        {name ? (
                          <>
                            <Ident>{name}</Ident>
                            {'\u00a0· '}
                          </>
                        ) : null}
                        <Ident>
                          {s.file.split('/').pop()}:{s.line}
                        </Ident>
                        {'\u00a0· '}
                        <Ident>{s.original.length > 80 ? `${s.original.slice(0, 80)}…` : s.original}</Ident>
                        {'\u00a0→ '}
                        <Ident>
                          {s.replacement.length > 80 ? `${s.replacement.slice(0, 80)}…` : s.replacement}
                        </Ident>
                        {s.status === 'NoCoverage' ? ' (ninguna prueba pasa por ese código)' : ''}
                      </p>
                      <p className="small">
                        {s.equivalent ? (
                          <>
                            Sin efecto para el visitante: <NoteText text={s.equivalent} />
                          </>
                        ) : (
                          <strong>Falta una prueba que lo note.</strong>
                        )}
                      </p>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
