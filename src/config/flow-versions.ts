/**
 * Each flow's version (machine id -> eight hexadecimal digits), its behaviour's fingerprint: the
 * build computes it from the machine and what the machine reads
 * (packages/flow-workbench/src/kit/behaviour.ts) and writes it in here, so a visit is counted
 * under the version of the code the visitor ran, the same one QA's results, the mutation summary
 * and the flow explorer name. A machine without one (not a flow of the site) has none.
 */
declare const __FLOW_VERSIONS__: Readonly<Record<string, string>> | undefined;

export const FLOW_VERSIONS: Readonly<Record<string, string>> =
  typeof __FLOW_VERSIONS__ === 'undefined' ? {} : __FLOW_VERSIONS__;
