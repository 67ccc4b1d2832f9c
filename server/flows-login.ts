/**
 * Who may see the real visitors' counts (GET {api}/flow-counts) and the flow explorer (/flujos/):
 * anyone outside production; in production, whoever gives FLOWS_USER and the password whose hash
 * is FLOWS_PASSWORD_HASH (HTTP Basic, @fastify/basic-auth), and nobody while those settings are
 * missing. The beacon (POST {api}/flow-events) is never behind it: every visitor's page sends one.
 */
import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import basicAuth from '@fastify/basic-auth';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { HttpError, type ErrorBody } from './errors';

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

function derive(password: string, hash: Omit<PasswordHash, 'key'>, keylen: number): Promise<Buffer> {
  return scryptAsync(password, hash.salt, keylen, {
    N: hash.N,
    r: hash.r,
    p: hash.p,
    maxmem: 128 * hash.N * hash.r * hash.p + 2 ** 24,
  });
}

/** The line to put in FLOWS_PASSWORD_HASH: a new random salt every time. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, { ...NEW_HASH, salt }, KEY_BYTES);
  return `scrypt:${NEW_HASH.N}:${NEW_HASH.r}:${NEW_HASH.p}:${salt.toString('base64url')}:${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, hash: PasswordHash): Promise<boolean> {
  const key = await derive(password, hash, hash.key.length);
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
  const rememberKey = randomBytes(32);
  const remembered = new Set<string>();
  await scope.register(basicAuth, {
    authenticate: { realm: FLOWS_REALM },
    validate: async (givenUser, givenPassword) => {
      const token = createHmac('sha256', rememberKey).update(`${givenUser}:${givenPassword}`).digest('hex');
      if (remembered.has(token)) return;
      // Both compared every time, in constant time: the answer's delay says nothing about either.
      const userMatches = timingSafeEqual(createHash('sha256').update(givenUser).digest(), userDigest);
      const passwordMatches = await verifyPassword(givenPassword, hash);
      if (!userMatches || !passwordMatches) throw new HttpError(401, FLOWS_LOGIN_WRONG);
      if (remembered.size >= REMEMBERED_LOGINS) remembered.clear();
      remembered.add(token);
    },
  });
  return scope.basicAuth;
}
