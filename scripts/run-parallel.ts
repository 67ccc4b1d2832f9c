/**
 * Runs npm scripts side by side and fails when any of them fails: `tsx scripts/run-parallel.ts lint
 * typecheck`. `npm test` starts its single-threaded checks this way, so on a machine with two cores
 * neither waits for the other. Each script's output is held and printed whole when it ends (two logs
 * never interleave), with how long it took.
 */
import { spawn } from 'node:child_process';

interface Outcome {
  script: string;
  code: number;
  output: string;
  seconds: number;
}

function runScript(script: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const done = (code: number) =>
      resolve({ script, code, output, seconds: Math.round((Date.now() - started) / 100) / 10 });
    child.on('error', (error) => {
      output += `${error.message}\n`;
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<number> {
  const scripts = process.argv.slice(2);
  if (scripts.length === 0) {
    console.error('run-parallel: name the npm scripts to run (tsx scripts/run-parallel.ts lint typecheck)');
    return 2;
  }
  console.info(`> npm run ${scripts.join(' & npm run ')} (side by side)`);
  const outcomes = await Promise.all(
    scripts.map((script) =>
      runScript(script).then((outcome) => {
        // Printed as each one ends: a failure shows without waiting for the others.
        process.stdout.write(`\n> npm run ${outcome.script}\n${outcome.output}`);
        const verdict = outcome.code === 0 ? 'ok' : `failed (exit code ${outcome.code})`;
        console.info(`[${outcome.script}] ${verdict} in ${outcome.seconds} s`);
        return outcome;
      }),
    ),
  );
  const failed = outcomes.filter((o) => o.code !== 0).map((o) => o.script);
  if (failed.length > 0) console.error(`\nrun-parallel: failed: ${failed.join(', ')}`);
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
