/**
 * Every top-level main-thread task of a Lighthouse run, with its duration on the simulated phone
 * (the CPU slowdown applied, as Lighthouse's long-tasks audit computes it) and the URL it is
 * attributed to. The audit itself lists only tasks of 50 ms and more; the benchmark wants the
 * longest task of the page's own scripts whatever its length.
 */
import { LoadSimulator } from 'lighthouse/core/computed/load-simulator.js';
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import { NetworkRecords } from 'lighthouse/core/computed/network-records.js';
import { PageDependencyGraph } from 'lighthouse/core/computed/page-dependency-graph.js';
import { getAttributableURLForTask, getJavaScriptURLs } from 'lighthouse/core/lib/tracehouse/task-summary.js';
import type { SimulatedTask } from './summary';

/** The parts of Lighthouse's artifacts and computed values read here (its own types are global). */
interface TaskNode {
  event: { tdur?: number };
  parent: TaskNode | undefined;
  children: TaskNode[];
  unbounded: boolean;
  startTime: number;
  duration: number;
  selfTime: number;
  group: { id: string };
  attributableURLs: string[];
}

const SCRIPT_GROUPS = new Set(['scriptEvaluation', 'scriptParseCompile']);

/** Real milliseconds the task spent compiling and running script, its sub-tasks included. */
function scriptTime(task: TaskNode): number {
  const own = SCRIPT_GROUPS.has(task.group.id) ? task.selfTime : 0;
  return task.children.reduce((sum, child) => sum + scriptTime(child), own);
}
interface CpuNodeTiming {
  startTime: number;
  duration: number;
}
interface Simulation {
  nodeTimings: Map<{ type: string; event?: object }, CpuNodeTiming>;
}
type Request<In, Out> = { request(input: In, context: unknown): Promise<Out> };

export interface RunArtifacts {
  Trace: unknown;
  DevtoolsLog: unknown;
  URL: unknown;
  SourceMaps: unknown;
}

/**
 * Lighthouse leaves tasks under 10 ms of real time out of its simulation: they count their real
 * time times the slowdown.
 */
export async function simulatedTasks(
  artifacts: RunArtifacts,
  settings: { throttling: { cpuSlowdownMultiplier: number } },
): Promise<SimulatedTask[]> {
  const context = { computedCache: new Map(), settings };
  const { Trace: trace, DevtoolsLog: devtoolsLog, URL, SourceMaps } = artifacts;
  const tasks = await (MainThreadTasks as unknown as Request<unknown, TaskNode[]>).request(trace, context);
  const records = await (NetworkRecords as unknown as Request<unknown, unknown[]>).request(
    devtoolsLog,
    context,
  );
  const graph = await (PageDependencyGraph as unknown as Request<object, unknown>).request(
    { settings, trace, devtoolsLog, URL, SourceMaps, fromTrace: false },
    context,
  );
  const simulator = await (
    LoadSimulator as unknown as Request<object, { simulate(graph: unknown, options: object): Simulation }>
  ).request({ devtoolsLog, settings }, context);
  const simulation = simulator.simulate(graph, { label: 'long-tasks-diagnostic' });
  const timingOf = new Map<object, CpuNodeTiming>();
  for (const [node, timing] of simulation.nodeTimings) {
    if (node.type === 'cpu' && node.event) timingOf.set(node.event, timing);
  }
  const jsUrls = (getJavaScriptURLs as (records: unknown[]) => Set<string>)(records);
  const attribute = getAttributableURLForTask as (task: TaskNode, urls: Set<string>) => string;
  const slowdown = settings.throttling.cpuSlowdownMultiplier;
  return tasks
    .filter((task) => !task.parent && !task.unbounded)
    .map((task): SimulatedTask => {
      const timing = timingOf.get(task.event);
      return {
        url: attribute(task, jsUrls),
        startMs: timing?.startTime ?? task.startTime,
        durationMs: timing?.duration ?? task.duration * slowdown,
        simulated: timing !== undefined,
        realMs: task.duration,
        scriptShare: task.duration > 0 ? scriptTime(task) / task.duration : 0,
        cpuMs: (task.event.tdur ?? 0) / 1000,
      };
    })
    .sort((a, b) => b.durationMs - a.durationMs);
}
