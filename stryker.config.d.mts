/** The part of stryker.config.mjs the tests read: which files the mutation run mutates. */
declare const config: { mutate: string[] } & Record<string, unknown>;
export default config;
