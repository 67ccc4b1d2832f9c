/**
 * The local API behind the development server: `npm run dev` starts server/index.ts (the entry of
 * `npm run serve`, run from its sources) on a free loopback port and proxies /api to it, so one
 * command gives the pages and a working API. It starts the API again when a file of server/ or
 * src/domain/ changes. DEV_API_URL (e.g. http://127.0.0.1:4173, a running `npm run serve`) uses
 * that server instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Logger, Plugin } from 'vite';
import { freePort } from './free-port';

const READY_PATH = '/api/public/ip2location/';
const READY_TIMEOUT_MS = 30_000;
/** The folders the server's code comes from (server/ may import src/domain/ and nothing else). */
const SERVER_SOURCES = ['server/', 'src/domain/'];
/** server/index.ts exits with 2 on an invalid setting: starting it again would not help. */
const BAD_SETTINGS_EXIT = 2;
/** Starts in a row that may end in a crash before one answers. */
const MAX_CRASHES = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class ApiProcess {
  private child: ChildProcess | undefined;
  private crashes = 0;
  private stopped = false;
  /** Settles once the current process answers (true) or gives up (false). */
  ready: Promise<boolean> = Promise.resolve(false);

  constructor(
    private readonly root: string,
    private readonly port: number,
    private readonly logger: Logger,
  ) {}

  private get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  start(): void {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: this.root,
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        // Its request lines would bury Vite's output; warnings and errors still show.
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      },
    });
    this.child = child;
    child.once('exit', (code, signal) => {
      if (this.stopped || this.child !== child) return;
      this.child = undefined;
      if (code === BAD_SETTINGS_EXIT || ++this.crashes > MAX_CRASHES) return;
      this.logger.warn(`La API local terminó (${signal ?? `código ${code}`}); se inicia de nuevo.`);
      this.start();
    });
    this.ready = this.waitUntilAnswering(child);
  }

  private async waitUntilAnswering(child: ChildProcess): Promise<boolean> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline && !this.stopped) {
      // Crashed while starting: the process started in its place answers for it.
      if (this.child !== child) return this.ready;
      try {
        if ((await fetch(`${this.base}${READY_PATH}`)).ok) {
          this.crashes = 0;
          return true;
        }
      } catch {
        // Not listening yet.
      }
      await sleep(200);
    }
    if (!this.stopped)
      this.logger.error(
        `La API local no respondió en ${this.base}${READY_PATH}: las llamadas a /api van a fallar (ver los mensajes de arriba).`,
      );
    return false;
  }

  async restart(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    this.crashes = 0;
    this.start();
  }

  stop(): void {
    this.stopped = true;
    if (this.child?.exitCode === null) this.child.kill('SIGTERM');
  }
}

export function devApi(): Plugin {
  let port: number | undefined;
  return {
    name: 'dev-api',
    apply: (_config, env) => env.command === 'serve' && !env.isPreview,
    async config() {
      const given = process.env.DEV_API_URL?.replace(/\/+$/, '');
      if (!given) port = await freePort();
      const target = given ?? `http://127.0.0.1:${port}`;
      // The Host header stays the page's: the API refuses a write whose Origin is another host,
      // and Vite's shorthand (a bare URL) would rewrite it to the API's.
      return { server: { proxy: { '/api': { target, changeOrigin: false } } } };
    },
    configureServer(server) {
      if (port === undefined) return;
      const { root, logger } = server.config;
      const api = new ApiProcess(root, port, logger);
      api.start();
      void api.ready.then((answering) => {
        if (answering)
          logger.info(`  ➜  API:     http://127.0.0.1:${port}/api (server/index.ts), detrás de /api`);
      });
      process.once('exit', () => api.stop());
      server.httpServer?.once('close', () => api.stop());

      let pending: ReturnType<typeof setTimeout> | undefined;
      const onFile = (file: string) => {
        const relative = path.relative(root, file).split(path.sep).join('/');
        if (!SERVER_SOURCES.some((folder) => relative.startsWith(folder))) return;
        // One restart for a burst of saves (a formatter, a branch switch).
        clearTimeout(pending);
        pending = setTimeout(() => {
          logger.info(`  API local: ${relative} cambió, se reinicia.`, { timestamp: true });
          void api.restart();
        }, 150);
      };
      server.watcher.on('change', onFile).on('add', onFile).on('unlink', onFile);

      // A call made while the API starts waits for it instead of failing (this runs before Vite's
      // proxy, one of its own middlewares).
      server.middlewares.use((req, _res, next) => {
        if (req.url?.startsWith('/api/')) void api.ready.then(() => next());
        else next();
      });
    },
  };
}
