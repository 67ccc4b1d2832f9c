/**
 * What the visitor sees in a state that a flow change added, changed or removed: QA's screenshot
 * of the base version beside this version's (./artifacts.ts: the last run's, or those a run kept
 * of an earlier version), at the width chosen, and for a side without one the reason and the
 * command that takes them. A flow change is then reviewed as screens, not only as boxes.
 */
import type { ReactNode } from 'react';
import {
  SCREENS_COMMAND,
  SCREEN_WIDTHS,
  screensOfVersion,
  type Artifacts,
  type ScreenWidth,
} from './artifacts';
import type { ChangeDetail } from './changes/types';
import { Screen } from './screen';

interface Side {
  /** The state's id in that version; null when it does not exist there. */
  stateId: string | null;
  /** The version; null for a flow that did not exist. */
  version: string | null;
}

const WIDTH_NAMES: Record<ScreenWidth, string> = { 360: 'teléfono', 1280: 'computadora' };

function widthsOf(artifacts: Artifacts | undefined, machineId: string, side: Side): number[] {
  if (side.stateId === null || side.version === null) return [];
  const found = screensOfVersion(artifacts, machineId, side.version);
  return found.where === 'none' ? [] : (found.states[side.stateId] ?? []);
}

/** One side: its screenshot at `width`, or the sentence that says why there is none. */
function SideScreen({
  which,
  side,
  title,
  machineId,
  artifacts,
  width,
}: {
  which: 'was' | 'now';
  side: Side;
  title: string;
  machineId: string;
  artifacts: Artifacts | undefined;
  width: ScreenWidth;
}) {
  const word = which === 'was' ? 'antes' : 'ahora';
  const caption =
    which === 'was' ? (
      side.version === null ? (
        'Antes'
      ) : (
        <>
          Antes (versión <code>{side.version}</code>)
        </>
      )
    ) : (
      'Ahora'
    );
  const missing = (sentence: ReactNode) => (
    <figure className="screen-missing" data-screen={which}>
      <figcaption>{caption}</figcaption>
      <p>{sentence}</p>
    </figure>
  );
  if (side.stateId === null || side.version === null)
    return missing(
      which === 'was'
        ? 'No hay captura de antes: este estado es nuevo.'
        : 'No hay captura de ahora: este estado ya no existe.',
    );
  const found = screensOfVersion(artifacts, machineId, side.version);
  if (found.where === 'none')
    return missing(
      which === 'was' ? (
        <>
          No hay capturas de la versión <code>{side.version}</code>. Ejecuta <code>{SCREENS_COMMAND}</code> en
          el código de esa versión y después en este: la corrida guarda las de la versión anterior.
        </>
      ) : (
        <>
          No hay capturas de esta versión del flujo. Ejecuta <code>{SCREENS_COMMAND}</code> para tomarlas y
          vuelve a cargar esta página.
        </>
      ),
    );
  if (!(found.states[side.stateId] ?? []).includes(width))
    return missing(
      `La corrida de QA de ${which === 'was' ? 'esa versión' : 'esta versión'} no tomó captura de este estado a ${width} px.`,
    );
  return (
    <Screen
      src={found.url(side.stateId, width)}
      alt={`La página en el estado «${title}», ${which === 'was' && side.version ? `antes (versión ${side.version})` : word}, a ${width} px de ancho`}
      width={width}
      caption={caption}
      label={`Ampliar la captura de ${word} a ${width} px`}
    />
  );
}

/** A changed state's screenshots, before and after, side by side; nothing for a transition. */
export function ChangeScreens({
  detail,
  machineId,
  baseVersion,
  version,
  artifacts,
  width,
  onWidth,
}: {
  detail: ChangeDetail;
  machineId: string;
  baseVersion: string | null;
  /** This version. */
  version: string;
  artifacts: Artifacts | undefined;
  width: ScreenWidth;
  onWidth: (width: ScreenWidth) => void;
}) {
  if (detail.kind !== 'state' || !detail.stateIds) return null;
  const was: Side = { stateId: detail.stateIds.was, version: baseVersion };
  const now: Side = { stateId: detail.stateIds.now, version };
  const any = widthsOf(artifacts, machineId, was).length + widthsOf(artifacts, machineId, now).length > 0;
  const side = (which: 'was' | 'now') => (
    <SideScreen
      which={which}
      side={which === 'was' ? was : now}
      title={detail.title}
      machineId={machineId}
      artifacts={artifacts}
      width={width}
    />
  );
  return (
    <div className="change-screens">
      <h3>Lo que ve el prospecto</h3>
      {any ? (
        <fieldset className="choice">
          <legend>Ancho de las capturas</legend>
          {SCREEN_WIDTHS.map((w) => (
            <label key={w}>
              <input
                type="radio"
                name="change-screen-width"
                checked={width === w}
                onChange={() => onWidth(w)}
              />{' '}
              {w} px ({WIDTH_NAMES[w]})
            </label>
          ))}
        </fieldset>
      ) : null}
      {!artifacts ? (
        <p className="muted">Buscando las capturas de QA…</p>
      ) : (
        <div className="screens-pair">
          {side('was')}
          {side('now')}
        </div>
      )}
    </div>
  );
}
