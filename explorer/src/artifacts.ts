/**
 * What the QA run left for the explorer (docs/testing.md, "Flow explorer artifacts"): the
 * coverage file and the screenshots of each state, served under artefactos/ next to the page.
 * The server answers artefactos/index.json with what is present; without it (or on a plain static
 * host with no artifacts) nothing is shown.
 */
export const ARTIFACTS_DIR = 'artefactos';
export const SCREEN_WIDTHS = [360, 1280] as const;

export interface ArtifactsIndex {
  coverage: boolean;
  /** machine id -> state id -> widths with a screenshot. */
  screens: Record<string, Record<string, number[]>>;
}

export interface MachineCoverage {
  states: Set<string>;
  transitions: Set<string>;
}

export interface Artifacts {
  screens: ArtifactsIndex['screens'];
  /** machine id -> what the QA run covered. */
  coverage: Map<string, MachineCoverage>;
}

const EMPTY: Artifacts = { screens: {}, coverage: new Map() };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function parseIndex(raw: unknown): ArtifactsIndex {
  const screens: ArtifactsIndex['screens'] = {};
  if (isRecord(raw) && isRecord(raw.screens)) {
    for (const [machine, states] of Object.entries(raw.screens)) {
      if (!isRecord(states)) continue;
      const byState: Record<string, number[]> = {};
      for (const [state, widths] of Object.entries(states)) {
        if (Array.isArray(widths)) byState[state] = widths.filter((w): w is number => typeof w === 'number');
      }
      screens[machine] = byState;
    }
  }
  return { coverage: isRecord(raw) && raw.coverage === true, screens };
}

/** coverage.json: `{ "version": 1, "machines": { "<machine id>": { "states": [...], "transitions": [...] } } }`. */
export function parseCoverage(raw: unknown): Map<string, MachineCoverage> {
  const out = new Map<string, MachineCoverage>();
  if (!isRecord(raw) || raw.version !== 1 || !isRecord(raw.machines)) return out;
  for (const [machine, entry] of Object.entries(raw.machines)) {
    if (!isRecord(entry)) continue;
    out.set(machine, {
      states: new Set(strings(entry.states)),
      transitions: new Set(strings(entry.transitions)),
    });
  }
  return out;
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(String(response.status));
  return response.json() as Promise<unknown>;
}

let loading: Promise<Artifacts> | undefined;

export function loadArtifacts(): Promise<Artifacts> {
  loading ??= (async () => {
    try {
      const index = parseIndex(await getJson(`${ARTIFACTS_DIR}/index.json`));
      const coverage = index.coverage
        ? parseCoverage(await getJson(`${ARTIFACTS_DIR}/coverage.json`))
        : new Map();
      return { screens: index.screens, coverage };
    } catch {
      return EMPTY;
    }
  })();
  return loading;
}

export function screenUrl(machineId: string, stateId: string, width: number): string {
  return `${ARTIFACTS_DIR}/screens/${encodeURIComponent(machineId)}/${encodeURIComponent(stateId)}-${width}.png`;
}
