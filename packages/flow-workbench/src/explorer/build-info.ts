/** The code this explorer was built from (explorer/vite.config.ts), or nothing outside a build. */
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
