/** Types the explorer's virtual modules are declared with (./explorer/virtual-modules.d.ts). */
export type { ChangesData } from './explorer/changes/types';
export type { Geometry } from './graph/layout';
export type { DefaultView } from './graph/default-view';
