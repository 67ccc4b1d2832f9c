/**
 * The generators a site's scripts call: the flow docs (Markdown, Mermaid, Stately import files,
 * SVG diagrams), the flow diff between a git ref and the working tree, the snapshots both
 * read the machines through, and the registry of the flows' past versions.
 */
export {
  FLOW_FILES,
  generateFlowDocs,
  writeFlowDocs,
  type DocsOptions,
  type FlowFileWriter,
} from './docs/generate';
export { renderMermaid } from './docs/mermaid';
export { checkDataNotes, checkNotes, countsSentence, renderFlowPage, renderIndex } from './docs/pages';
export { withSeconds } from './docs/spanish';
export { renderStatelyFile, statelyConfig } from './docs/stately';
export { generateFlowSvgs, svgFileName } from './docs/svg';
export { delayValue } from './docs/walk';
export {
  DEFAULT_JSON,
  compareFlows,
  flowsDiffCommand,
  run as runFlowsDiff,
  type CompareOptions,
  type FlowsDiffReport,
} from './diff/compare';
export { diffFlows, type FlowsDiff } from './diff/diff';
export { NO_CHANGES, renderFlowsDiff } from './diff/markdown';
export { snapshotFlows, type CataloguePaths, type FlowsSnapshot } from './diff/snapshot';
export { FlowsDiffError } from './diff/trees';
export {
  loadVersions,
  missingVersions,
  recordVersions,
  versionsFile,
  type MissingVersion,
} from './diff/version-registry';
export { type FlowVersions } from './diff/versions';
export { visitsSummary } from './explorer/visits/summary';
/** What the explorer says of QA's run and of the mutation run when they are of another version of the flow. */
export { OLDER_VERSION_NOTICE, staleness } from './explorer/qa';
export { flowMutation, mutatedVersions } from './explorer/mutation';
export {
  READABLE_TEXT_PX,
  STEPS_TEXT_PX,
  defaultView,
  fittedText,
  type DefaultView,
} from './graph/default-view';
export { describeMachine, type FlowGraph } from './graph/describe';
export { flowLayouter } from './graph/node-layout';
export { buildView, collapsible } from './graph/layout-input';
export { stepsOf } from './graph/steps';
