/** The explorer's build, for the site's Vite config: `export default explorerConfig({ ... })`. */
export { explorerConfig, type ExplorerConfigOptions } from './config';
export { flowExplorer, type FlowExplorerOptions } from './plugin';
export {
  BASE_ENV,
  askedBase,
  buildStamp,
  chooseBase,
  flowChanges,
  type Base,
  type BuildStamp,
} from './flow-changes';
