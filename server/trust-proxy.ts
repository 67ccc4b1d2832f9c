/**
 * Which proxies the server believes about the client's address (TRUST_PROXY). Every per-address
 * limit, the country lookup and the log's client hash use request.ip, which fastify takes from
 * X-Forwarded-For only when the connection comes from one of the addresses or ranges given here
 * (entries written by them are skipped from the right; the first other one is the client).
 *
 * Two older readings are refused, each with the fix: "true" (every hop) took the leftmost entry,
 * which the client writes itself, so a new header each time walked past every limit; a hop count
 * ("1") checks nothing about who connects, so fastify ignores it and anyone reaching the server
 * directly could still name its own address.
 */
import { isIP } from 'node:net';

/** What fastify's trustProxy receives: no proxy, or the proxies' addresses and ranges. */
export type TrustProxy = false | string[];

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
    return {
      ok: false,
      problem: `${value} ya no se acepta: una cantidad de proxies no comprueba quién se conecta, y quien llegue directo al servidor elegiría su dirección. ${FIX}`,
    };
  }
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isAddressOrRange)) return { ok: true, value: entries };
  return { ok: false, problem: `${value}. ${FIX}` };
}
