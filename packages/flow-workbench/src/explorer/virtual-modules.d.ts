// The package imports itself by name here: an ambient module cannot name a relative path.

declare module 'virtual:flow-catalogue' {
  import type { Catalogue } from '@tienda/flow-workbench';

  /** The site's catalogue module, whose path the site gives explorerConfig (../vite/config.ts). */
  const catalogue: Catalogue;
  export default catalogue;
}

declare module 'virtual:flow-layouts' {
  import type { DefaultView, Geometry } from '@tienda/flow-workbench/explorer-types';

  /** Flow slug -> the layout computed when the explorer was built (../vite/plugin.ts). */
  const layouts: Readonly<Record<string, Geometry>>;
  export default layouts;
  /** Flow slug -> the view its chart opens with (../graph/default-view.ts). */
  export const views: Readonly<Record<string, DefaultView>>;
}

declare module 'virtual:flow-changes' {
  import type { ChangesData } from '@tienda/flow-workbench/explorer-types';

  /** The flows' change against the base the explorer was built with (../vite/flow-changes.ts), or null. */
  const changes: ChangesData | null;
  export default changes;
}

declare module 'virtual:flow-versions' {
  /** Machine id -> the flow's version, its behaviour's fingerprint when the explorer was built (../kit/behaviour.ts). */
  const versions: Readonly<Record<string, string>>;
  export default versions;
}
