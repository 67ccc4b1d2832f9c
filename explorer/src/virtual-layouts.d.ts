declare module 'virtual:flow-layouts' {
  import type { Geometry } from './graph/layout';

  /** Flow slug -> the layout computed when the explorer was built (explorer/layouts-plugin.ts). */
  const layouts: Readonly<Record<string, Geometry>>;
  export default layouts;
}
