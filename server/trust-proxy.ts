/**
 * Which proxies the server believes about the client's address (TRUST_PROXY). Every per-address
 * limit, the country lookup and the log's client hash use request.ip, which fastify takes from
 * X-Forwarded-For only when the connection comes from one of the addresses or ranges given here
 * (entries written by them are skipped from the right; the first other one is the client).
 *
 * A count of hops ("1": one proxy in front) is also read, as exactly that many entries from the
 * right. It checks nothing about who connects (fastify's own number ignores the header for that
 * reason), so it is accepted only while the server listens on the machine itself (server/config.ts),
 * where only the proxy beside it can reach it. "true" (every hop) is refused with the fix: it took the
 * leftmost entry, which the client writes itself, so a new header each time walked past every limit.
 */
import { isIP } from 'node:net';

/** No proxy, the proxies' addresses and ranges, or how many proxies stand in front (server on loopback). */
export type TrustProxy = false | string[] | { hops: number };

/** The HOST values on which only this machine can connect, so a count of hops can be believed. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '::1', 'localhost']);

export function isHopCount(value: TrustProxy | undefined): value is { hops: number } {
  return typeof value === 'object' && !Array.isArray(value);
}

/** More proxies than this in a row is a mistyped value, not a deployment. */
export const MAX_TRUSTED_HOPS = 5;

/**
 * fastify's trustProxy for a setting: a count becomes "the connection and the next hops - 1 entries
 * from the right", which is what the count says (fastify's own number trusts nothing).
 */
export function fastifyTrustProxy(
  value: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === false || Array.isArray(value)) return value;
  const { hops } = value;
  return (_address, hop) => hop < hops;
}

const FIX =
  'Usa las direcciones IP o rangos CIDR de tus proxies, separados por comas, por ejemplo TRUST_PROXY=127.0.0.1 para un nginx en la misma máquina.';

/** An address, or a range whose prefix is not /0 (a /0 would trust every address again). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= bits;
}

/** TRUST_PROXY's value read, or the Spanish problem that follows "TRUST_PROXY inválido: ". */
export function parseTrustProxy(
  text: string,
): { ok: true; value: TrustProxy } | { ok: false; problem: string } {
  const value = text.trim();
  // 0 read "no proxy" before: it still does.
  if (value === '0') return { ok: true, value: false };
  if (/^(true|yes|on|all|\*)$/i.test(value)) {
    return {
      ok: false,
      problem: `${value} ya no se acepta: confiaba en cualquier X-Forwarded-For y cada cliente elegía su propia dirección. ${FIX}`,
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_TRUSTED_HOPS) return { ok: true, value: { hops } };
    return {
      ok: false,
      problem: `${value}: a lo sumo ${MAX_TRUSTED_HOPS} proxies delante del servidor. ${FIX}`,
    };
  }
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isAddressOrRange)) return { ok: true, value: entries };
  return { ok: false, problem: `${value}. ${FIX}` };
}
