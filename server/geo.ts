/**
 * Country of a client address for GET /api/public/ip2location/.
 * There is no geo database in the local API: only the documentation ranges below are mapped, so the
 * lookup can be exercised with TRUST_PROXY (the proxy's address) and an X-Forwarded-For header.
 * Every other address (loopback, private, unknown) answers the default country.
 */
import { BlockList, isIP } from 'node:net';
import { DEFAULT_COUNTRY_CODE } from '../src/domain/constants';
import type { CountryCode } from '../src/domain/countries';

/** RFC 5737 (IPv4) and RFC 3849 (IPv6) documentation ranges, never routed on the internet. */
const TEST_RANGES: readonly { cidr: string; country: CountryCode }[] = [
  { cidr: '192.0.2.0/24', country: 'CL' },
  { cidr: '198.51.100.0/24', country: 'MX' },
  { cidr: '203.0.113.0/24', country: 'UY' },
  { cidr: '2001:db8::/32', country: 'PE' },
];

/** Every range in one list: most addresses are in none, and one check (not one per range) says so. */
const anyRange = new BlockList();
const lists = TEST_RANGES.map(({ cidr, country }) => {
  const [network = '', prefix = '0'] = cidr.split('/');
  const list = new BlockList();
  const type = isIP(network) === 6 ? 'ipv6' : 'ipv4';
  list.addSubnet(network, Number(prefix), type);
  anyRange.addSubnet(network, Number(prefix), type);
  return { list, country, type };
});

export function countryForAddress(address: string | undefined): CountryCode {
  if (address === undefined) return DEFAULT_COUNTRY_CODE;
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  const version = isIP(mapped);
  if (version === 0) return DEFAULT_COUNTRY_CODE;
  const type = version === 6 ? 'ipv6' : 'ipv4';
  if (!anyRange.check(mapped, type)) return DEFAULT_COUNTRY_CODE;
  for (const entry of lists) {
    if (entry.type === type && entry.list.check(mapped, type)) return entry.country;
  }
  return DEFAULT_COUNTRY_CODE;
}
