/**
 * The nginx block of docs/deployment.md, run as written in a real nginx in front of a test server.
 * Only what a test machine cannot have is changed, each change checked so the doc and the test
 * cannot drift apart unnoticed: the upstream's servers become the test server, the TLS listeners
 * become one plain listener on a free loopback port (no certificate here), and the plain-http
 * redirect server is left out. Everything inside the TLS server block (headers, the `location`
 * with its proxy_set_header lines) is kept verbatim.
 *
 * nginx runs as the user running the tests (master_process off: no worker switching users), with
 * its own prefix, pid file, logs and temporary folders, so it needs no root and no system files.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/free-port';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DEPLOYMENT_DOC = path.join(ROOT, 'docs/deployment.md');

/** The nginx binary: NGINX_BIN, else Debian's, else one on the PATH; undefined when there is none. */
export function findNginx(): string | undefined {
  const given = process.env.NGINX_BIN?.trim();
  if (given) return existsSync(given) ? given : undefined;
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  const bin = found.stdout.trim();
  return found.status === 0 && bin ? bin : undefined;
}

/** The fenced blocks of one language in docs/deployment.md, in order. */
function documentedBlocks(language: string): string[] {
  const doc = readFileSync(DEPLOYMENT_DOC, 'utf8');
  const fence = new RegExp('^```' + language + '\\n([\\s\\S]*?)^```$', 'gm');
  return [...doc.matchAll(fence)].map((match) => match[1] ?? '');
}

/** A setting of the documented server environment file (the sh block that sets TRUST_PROXY). */
export function documentedSetting(name: string): string {
  for (const block of documentedBlocks('sh')) {
    const line = new RegExp(`^${name}=(.*)$`, 'm').exec(block);
    if (line?.[1] !== undefined) return line[1].trim();
  }
  throw new Error(`docs/deployment.md sets no ${name} in its server environment`);
}

function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(
    new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`),
  );
  if (!matches || matches.length === 0) throw new Error(`docs/deployment.md's nginx block has no ${what}`);
  return text.replace(pattern, replacement);
}

/** The documented upstream and TLS server, pointed at `upstream` and listening on `port`. */
function documentedProxyConfig(upstream: string, port: number): string {
  const block = documentedBlocks('nginx')[0];
  if (!block) throw new Error('docs/deployment.md has no nginx block');
  const upstreamBlock = /^upstream sitio \{[^}]*\}$/m.exec(block)?.[0];
  if (!upstreamBlock) throw new Error('docs/deployment.md\'s nginx block has no "upstream sitio { … }" line');
  const servers = block
    .split(/^server \{$/m)
    .slice(1)
    .map((body) => `server {${body}`);
  const tls = servers.find((server) => /listen 443 ssl;/.test(server));
  if (!tls) throw new Error("docs/deployment.md's nginx block has no server listening on 443");

  let pointed = replaceOnce(upstreamBlock, /server [^;]+;\s*/g, '', 'upstream server');
  pointed = pointed.replace('{', `{ server ${upstream}; `);
  let listening = replaceOnce(tls, /^\s*listen (\[::\]:)?443 ssl;\n/gm, '', '"listen 443 ssl;"');
  listening = listening.replace('server {', `server {\n  listen 127.0.0.1:${port};`);
  // `http2 on;` is nginx 1.25.1 or newer (Debian 12 has 1.22); over plain http it would not apply anyway.
  listening = listening.replace(/^\s*http2 on;\n/m, '');
  return `${pointed}\n${listening}`;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface RunningNginx {
  port: number;
  /** The whole configuration nginx runs. */
  config: string;
  stop(): Promise<void>;
}

/** nginx with the documented proxy block in front of `upstream` (host:port), on a free port. */
export async function startDocumentedNginx(bin: string, upstream: string): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-'));
  const port = await freePort();
  const temp = (name: string) => path.join(dir, name);
  const config = [
    'daemon off;',
    'master_process off;',
    `pid ${temp('nginx.pid')};`,
    `error_log ${temp('error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${temp(kind)};`,
    ),
    documentedProxyConfig(upstream, port),
    '}',
    '',
  ].join('\n');
  writeFileSync(temp('nginx.conf'), config);
  const child: ChildProcess = spawn(bin, ['-p', dir, '-e', temp('error.log'), '-c', temp('nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let running = true;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running = false;
      resolve();
    }),
  );
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    const log = existsSync(temp('error.log')) ? readFileSync(temp('error.log'), 'utf8') : '';
    if (!running || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not start:\n${stderr}\n${log}\n${config}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    config,
    stop: async () => {
      if (running) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
