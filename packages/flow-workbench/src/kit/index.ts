/**
 * The simulation kit shared by the model tests (tests/model/), the browser model paths
 * (tests/e2e/model/), the flow explorer (explorer/) and scripts: path generation with
 * xstate/graph, fake actors and a manual clock, coverage, the sample events of each machine, and
 * independent models checked against the real machines. It imports XState and the machines,
 * never React, a view or a page. Its one read of XState internals is in xstate-adapter.ts.
 */
export { ManualClock } from './clock';
export { toModelMachine, type ModelMachine } from './derived-model';
export {
  attachLog,
  clone,
  withFakes,
  type ActorCall,
  type EffectCall,
  type FakeLog,
  type FakedMachine,
} from './fakes';
export {
  Coverage,
  activeStateIds,
  activeStateNodes,
  allNodes,
  eventTypes,
  machineGraph,
  delayEventOf,
  isTransient,
  tableDrift,
  transitionKey,
  type AnySnapshot,
  type TransitionLike,
} from './graph';
export {
  ModelWalker,
  checkModel,
  explorerLink,
  followModel,
  independentModel,
  modelPaths,
  type Divergence,
  type ExplorerLink,
  type FollowOptions,
  type FollowReport,
  type IndependentModel,
  type Invariant,
  type InvariantStep,
  type LeftOut,
  type ModelVerdict,
  type Observation,
  type RefusalCount,
  type WalkOutcome,
  type WalkedEvent,
} from './independent';
export { countGuards, guardTable, oneSidedGuards, type CountedMachine, type GuardCount } from './guards';
export {
  afterEvent,
  doneActorEvent,
  errorActorEvent,
  inMachine,
  isAfterEvent,
  isXStateEvent,
  nominalDelay,
  parseActorEvent,
  parseAfterEvent,
  parseDoneStateEvent,
} from './conventions';
export { actionNames, invokeSrc, nameOf } from './names';
export {
  guardClause,
  guardCode,
  guardDependencies,
  guardNames,
  guardProblems,
  guardSentence,
  readGuard,
  transitionGuards,
  unreadableGuards,
  type GuardParams,
  type GuardTree,
} from './guard-tree';
export {
  DEFAULT_MAX_SIMPLE_PATHS,
  describePath,
  edgePaths,
  greedyCover,
  replayOnModel,
  shortestPaths,
  simplePaths,
  withoutPrefixPaths,
  type ModelPath,
  type ModelReplay,
} from './paths';
export {
  RESULTS_VERSION,
  graphSignature,
  type MachineResults,
  type PathResult,
  type StateFailure,
  type ResultEvent,
  type Results,
} from './results';
export {
  Simulator,
  StepError,
  type PendingCall,
  type PendingDelay,
  type SimulatorOptions,
} from './simulator';
export { modelData, type ModelData } from './seen-data';
export type { EventSamples, MachineModel, ModelRun } from './types';
export {
  candidates,
  eventVerdict,
  fallbackGuards,
  handles,
  isFailureState,
  leadsToFailure,
  namesFailure,
  nextSnapshot,
  type Verdict,
} from './verdict';
export {
  MUTATION_GOAL,
  MUTATION_SUMMARY_VERSION,
  type FileSummary,
  type PartSummary,
  type MutantTarget,
  type MutationSummary,
  type Survivor,
} from './mutation';
