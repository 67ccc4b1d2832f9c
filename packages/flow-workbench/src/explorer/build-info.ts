/**
 * The code this explorer was built from, known only to a build asked to compare with a base
 * (FLOWS_DIFF_BASE, ../vite/flow-changes.ts); else nothing, and only the machines' own signature
 * tells a QA run of other code.
 */
export interface BuildInfo {
  commit: string | null;
  /** The commit's date (ISO). */
  date: string | null;
  /** The working tree had changes. */
  dirty: boolean;
}

declare const __FLUJOS_BUILD__: BuildInfo | undefined;

export const BUILD: BuildInfo =
  typeof __FLUJOS_BUILD__ === 'undefined' ? { commit: null, date: null, dirty: false } : __FLUJOS_BUILD__;
