declare module 'virtual:flow-layouts' {
  import type { Geometry } from './graph/layout';

  /** Flow slug -> the layout computed when the explorer was built (explorer/layouts-plugin.ts). */
  const layouts: Readonly<Record<string, Geometry>>;
  export default layouts;
}

declare module 'virtual:flow-changes' {
  import type { ChangesData } from './changes/types';

  /** The flows' change against the base the explorer was built with (explorer/flow-changes.ts), or null. */
  const changes: ChangesData | null;
  export default changes;
}
