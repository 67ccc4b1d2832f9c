/**
 * Who may see the real visitors' counts (GET {api}/flow-counts) and the flow explorer (/flujos/):
 * anyone outside production; in production, whoever gives FLOWS_USER and the password whose hash
 * is FLOWS_PASSWORD_HASH (HTTP Basic, @fastify/basic-auth), and nobody while those settings are
 * missing. The beacon (POST {api}/flow-events) is never behind it: every visitor's page sends one.
 */
import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import basicAuth from '@fastify/basic-auth';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { HttpError, type ErrorBody } from './errors';
import { clientKey, type RateLimitRule } from './guards';
import { PasswordThread, type ScryptParams } from './password-thread';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** The protection space's name: the explorer and the counts share it, so one login serves both. */
export const FLOWS_REALM = 'Explorador de flujos';

/** Cost of a new hash: about 50 ms and 16 MB, the figures RFC 7914 gives for interactive logins. */
const NEW_HASH = { N: 2 ** 14, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** The password a new hash takes, at least: a login on the open Internet, guessed at leisure. */
export const MIN_PASSWORD_LENGTH = 12;

/**
 * `scrypt:<N>:<r>:<p>:<salt>:<key>`, salt and key in base64url: the string says how it was made,
 * so a later change of cost still reads the hashes made before it. No `$`, so that an env file or
 * a shell leaves it as written.
 */
const HASH_PATTERN = /^scrypt:(\d{1,8}):(\d{1,3}):(\d{1,3}):([A-Za-z0-9_-]{16,}):([A-Za-z0-9_-]{32,})$/;

export interface PasswordHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** A hash string as `npm run flows:password` prints it, or undefined (also for a cost beyond reason). */
export function parsePasswordHash(text: string): PasswordHash | undefined {
  const match = HASH_PATTERN.exec(text);
  if (!match) return undefined;
  const [N, r, p] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  // Bounded, so that a setting can never make each login cost seconds or gigabytes.
  const powerOfTwo = N >= 2 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > 2 ** 20 || r < 1 || r > 32 || p < 1 || p > 16) return undefined;
  return {
    N,
    r,
    p,
    salt: Buffer.from(match[4] ?? '', 'base64url'),
    key: Buffer.from(match[5] ?? '', 'base64url'),
  };
}

function scryptParams(hash: Omit<PasswordHash, 'key' | 'salt'>): ScryptParams {
  return { N: hash.N, r: hash.r, p: hash.p, maxmem: 128 * hash.N * hash.r * hash.p + 2 ** 24 };
}

function derive(password: string, hash: Omit<PasswordHash, 'key'>, keylen: number): Promise<Buffer> {
  return scryptAsync(password, hash.salt, keylen, scryptParams(hash));
}

/** The login checks' own thread, shared by every guard of the process (server/password-thread.ts). */
const passwordThread = new PasswordThread();

/** The line to put in FLOWS_PASSWORD_HASH: a new random salt every time. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, { ...NEW_HASH, salt }, KEY_BYTES);
  return `scrypt:${NEW_HASH.N}:${NEW_HASH.r}:${NEW_HASH.p}:${salt.toString('base64url')}:${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, hash: PasswordHash): Promise<boolean> {
  const key = await passwordThread.derive(password, hash.salt, hash.key.length, scryptParams(hash));
  return timingSafeEqual(key, hash.key);
}

/** What the settings say about the counts and the explorer. */
export type FlowsAccess =
  { mode: 'open' } | { mode: 'login'; user: string; hash: PasswordHash } | { mode: 'missing' };

export interface FlowsLogin {
  user: string;
  /** As FLOWS_PASSWORD_HASH holds it. */
  passwordHash: string;
}

export function flowsAccess(setting: { production: boolean; login: FlowsLogin | undefined }): FlowsAccess {
  if (!setting.production) return { mode: 'open' };
  if (!setting.login) return { mode: 'missing' };
  const hash = parsePasswordHash(setting.login.passwordHash);
  // server/config.ts refuses such a setting first; this is for an app built without it.
  if (!hash) throw new Error('FLOWS_PASSWORD_HASH no es un hash de npm run flows:password');
  return { mode: 'login', user: setting.login.user, hash };
}

export const FLOWS_LOGIN_MISSING: ErrorBody = {
  error:
    'Los conteos de los flujos y su explorador piden usuario y contraseña en producción, y este servidor no los tiene: define FLOWS_USER y FLOWS_PASSWORD_HASH (crea el hash con npm run flows:password) y reinícialo.',
};
const FLOWS_LOGIN_WRONG: ErrorBody = {
  error: 'El usuario o la contraseña no son correctos. Vuelve a intentarlo.',
};

/** What the start-up block says about it, or undefined when there is nothing to say. */
export function flowsAccessLine(access: FlowsAccess): string | undefined {
  if (access.mode === 'login')
    return 'Conteos de los flujos y explorador: con usuario y contraseña (FLOWS_USER)';
  if (access.mode === 'missing')
    return 'ATENCIÓN: sin FLOWS_USER ni FLOWS_PASSWORD_HASH, este servidor no muestra los conteos de los flujos (/api/flow-counts) ni su explorador; crea el hash con npm run flows:password.';
  return undefined;
}

/** Logins verified in this process, remembered briefly so an explorer's many files pay scrypt once. */
const REMEMBERED_LOGINS = 64;

/**
 * Logins per client address that need a password check (not one remembered above), counted before
 * the check: past this, a Spanish 429 with Retry-After and no hashing at all. A person who mistypes
 * a few times is far below it; a guesser gets 10 tries a minute per address and process.
 */
export const LOGIN_ATTEMPT_LIMIT: RateLimitRule = { max: 10, timeWindowMs: 60_000 };

/**
 * Password checks at once, and checks waiting for their turn. They run on a thread of their own at
 * the lowest priority (server/password-thread.ts), never in Node's pool that reads the pages'
 * files, one at a time; past the queue, a Spanish 503 with Retry-After instead of a longer wait.
 */
export const PASSWORD_CHECKS = { running: 1, waiting: 8 } as const;
const CHECKS_BUSY_RETRY_SECONDS = 2;

/**
 * How long a refused login (429, or 503 with the checks busy) waits before its answer. A refusal
 * costs the server almost nothing, but answered at once it comes straight back: a few dozen
 * connections then send thousands a second and the pages queue behind them on the event loop.
 * Waiting costs a timer; a person sees the same message a second later.
 */
export const REFUSAL_PAUSE_MS = 1000;

/** The pause, give or take half of it: refusals sent together do not all come back together. */
const refusalPause = () => sleep(REFUSAL_PAUSE_MS * (0.5 + Math.random()));

/** Addresses whose attempts are followed at once; the oldest window is dropped past it. */
const TRACKED_ADDRESSES = 10_000;

function tooManyAttempts(seconds: number): ErrorBody {
  return {
    error: `Demasiados intentos de usuario y contraseña desde tu conexión. Espera ${seconds === 1 ? 'un segundo' : `${seconds} segundos`} y vuelve a intentarlo.`,
  };
}
const CHECKS_BUSY: ErrorBody = {
  error: 'Hay demasiados inicios de sesión en curso. Vuelve a intentarlo en unos segundos.',
};

/** Fixed-window counts per key, in memory; windows are kept in the order they started. */
class AttemptWindows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly rule: RateLimitRule,
    private readonly now: () => number,
  ) {}

  /** Counts one attempt of `key`: the seconds to wait when it is over the limit, else undefined. */
  hit(key: string): number | undefined {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      this.makeRoom(now);
      window = { count: 0, resetAt: now + this.rule.timeWindowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.rule.max) return undefined;
    return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  }

  forget(key: string): void {
    this.windows.delete(key);
  }

  /** Ended windows go; past the bound, the oldest one too (its address starts over: harmless). */
  private makeRoom(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.resetAt > now && this.windows.size < TRACKED_ADDRESSES) break;
      this.windows.delete(key);
    }
  }
}

/** At most `running` tasks at once, `waiting` more in line; beyond that, a Spanish 503 at once. */
class CheckQueue {
  private running = 0;
  private readonly line: (() => void)[] = [];

  constructor(private readonly limits: { running: number; waiting: number }) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.running) this.running += 1;
    else if (this.line.length < this.limits.waiting) {
      // The finishing task hands its place over: `running` stays as it is.
      await new Promise<void>((resolve) => this.line.push(resolve));
    } else throw new HttpError(503, CHECKS_BUSY, CHECKS_BUSY_RETRY_SECONDS);
    try {
      return await task();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

interface LoginState {
  attempts: AttemptWindows;
  checks: CheckQueue;
  rememberKey: Buffer;
  remembered: Set<string>;
}

/** One state per access: the explorer and the counts share their attempts, checks and logins. */
const loginStates = new WeakMap<FlowsAccess, LoginState>();

function loginState(access: FlowsAccess): LoginState {
  let state = loginStates.get(access);
  if (!state) {
    state = {
      attempts: new AttemptWindows(LOGIN_ATTEMPT_LIMIT, Date.now),
      checks: new CheckQueue(PASSWORD_CHECKS),
      rememberKey: randomBytes(32),
      remembered: new Set(),
    };
    loginStates.set(access, state);
  }
  return state;
}

/**
 * The onRequest hook that lets a request through to the counts or the explorer, registered in
 * `scope` (it holds the routes to guard, and only them): nothing outside production, a Spanish 503
 * while production has no credentials, else HTTP Basic against the settings (401 with
 * WWW-Authenticate when missing or wrong; the scope's error handler gives the body its shape).
 */
export async function flowsGuard(
  scope: FastifyInstance,
  access: FlowsAccess,
): Promise<onRequestHookHandler | undefined> {
  if (access.mode === 'open') return undefined;
  if (access.mode === 'missing')
    return (_request, _reply, done) => done(new HttpError(503, FLOWS_LOGIN_MISSING));

  const { user, hash } = access;
  const userDigest = createHash('sha256').update(user).digest();
  const { attempts, checks, rememberKey, remembered } = loginState(access);
  await scope.register(basicAuth, {
    authenticate: { realm: FLOWS_REALM },
    validate: async (givenUser, givenPassword, request) => {
      const token = createHmac('sha256', rememberKey).update(`${givenUser}:${givenPassword}`).digest('hex');
      if (remembered.has(token)) return;
      // Counted before the check, so that attempts sent together cannot all pass before one fails.
      const address = clientKey(request.ip);
      const wait = attempts.hit(address);
      if (wait !== undefined) {
        await refusalPause();
        throw new HttpError(429, tooManyAttempts(wait), wait);
      }
      // Both compared every time, in constant time: the answer's delay says nothing about either.
      const userMatches = timingSafeEqual(createHash('sha256').update(givenUser).digest(), userDigest);
      const passwordMatches = await checks
        .run(() => verifyPassword(givenPassword, hash))
        .catch(async (error: unknown) => {
          await refusalPause();
          throw error;
        });
      if (!userMatches || !passwordMatches) throw new HttpError(401, FLOWS_LOGIN_WRONG);
      // The person got it right: the mistakes before it are forgiven.
      attempts.forget(address);
      if (remembered.size >= REMEMBERED_LOGINS) remembered.clear();
      remembered.add(token);
    },
  });
  return scope.basicAuth;
}
