import { isIP } from 'node:net';

/**
 * Which addresses a webhook or a PULL hook may not reach in production (DESIGN mechanism 4): loopback,
 * private, link-local, CGNAT, cloud metadata and every other special-purpose range, for IPv4 and IPv6,
 * with IPv4 addresses embedded in IPv6 (mapped, translated, compatible, NAT64, 6to4, Teredo, ISATAP)
 * judged as IPv4.
 */
interface Range {
  bytes: number[];
  prefix: number;
  name: string;
}

function v4(cidr: string, name: string): Range {
  const [address, prefix] = cidr.split('/');
  return { bytes: address.split('.').map(Number), prefix: Number(prefix), name };
}

function v6(cidr: string, name: string): Range {
  const [address, prefix] = cidr.split('/');
  return { bytes: parseIpv6(address)!, prefix: Number(prefix), name };
}

const IPV4_BLOCKED: Range[] = [
  v4('0.0.0.0/8', 'unspecified'),
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'carrier-grade NAT'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link-local (cloud metadata)'),
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'IETF protocol assignments'),
  v4('192.0.2.0/24', 'documentation'),
  v4('192.88.99.0/24', '6to4 relay'),
  v4('192.168.0.0/16', 'private'),
  v4('198.18.0.0/15', 'benchmarking'),
  v4('198.51.100.0/24', 'documentation'),
  v4('203.0.113.0/24', 'documentation'),
  v4('168.63.129.16/32', 'cloud metadata'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved'),
];

const IPV6_BLOCKED: Range[] = [
  v6('::/128', 'unspecified'),
  v6('::1/128', 'loopback'),
  v6('64:ff9b:1::/48', 'NAT64 local-use'),
  v6('100::/64', 'discard'),
  v6('2001::/32', 'Teredo'),
  v6('2001:2::/48', 'benchmarking'),
  v6('2001:10::/28', 'ORCHID'),
  v6('2001:20::/28', 'ORCHID'),
  v6('2001:db8::/32', 'documentation'),
  v6('3fff::/20', 'documentation'),
  v6('5f00::/16', 'segment routing'),
  v6('fc00::/7', 'unique local (private)'),
  v6('fe80::/10', 'link-local'),
  v6('fec0::/10', 'site-local'),
  v6('ff00::/8', 'multicast'),
];

function inRange(bytes: number[], range: Range): boolean {
  let bits = range.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((bytes[i] & mask) !== (range.bytes[i] & mask)) return false;
  }
  return true;
}

/** 16 bytes of an IPv6 address (zone id ignored), or null when it is not one. */
export function parseIpv6(text: string): number[] | null {
  let address = text.replace(/^\[|\]$/g, '');
  const zone = address.indexOf('%');
  if (zone !== -1) address = address.slice(0, zone);
  if (isIP(address) !== 6) return null;
  let tail: number[] = [];
  const lastColon = address.lastIndexOf(':');
  if (address.slice(lastColon + 1).includes('.')) {
    tail = address
      .slice(lastColon + 1)
      .split('.')
      .map(Number);
    address = `${address.slice(0, lastColon + 1)}${tail.length ? '0:0' : ''}`;
  }
  const [head, rest] = address.includes('::') ? address.split('::') : [address, null];
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const left = groups(head);
  const right = rest === null ? [] : groups(rest);
  const fill = rest === null ? 0 : 8 - left.length - right.length;
  const words = [...left, ...Array<string>(fill).fill('0'), ...right].map((w) => parseInt(w, 16));
  if (words.length !== 8 || words.some((w) => Number.isNaN(w))) return null;
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/**
 * The forms of IPv6 that carry an IPv4 address (RFC 4291, 2765, 6052, 3056, 5214), each with where the
 * IPv4 bytes sit. A target in one of them is judged as its IPv4 address, so that no spelling of a blocked
 * IPv4 address gets through.
 */
const EMBEDDINGS: { name: string; matches: (b: number[]) => boolean; ipv4: (b: number[]) => number[] }[] = [
  { name: 'mapped ::ffff:0:0/96', matches: (b) => zeros(b, 0, 10) && b[10] === 0xff && b[11] === 0xff, ipv4: (b) => b.slice(12) },
  {
    name: 'translated ::ffff:0:0:0/96',
    matches: (b) => zeros(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(b, 10, 12),
    ipv4: (b) => b.slice(12),
  },
  { name: 'compatible ::/96', matches: (b) => zeros(b, 0, 12) && !zeros(b, 12, 16), ipv4: (b) => b.slice(12) },
  { name: 'NAT64 64:ff9b::/96', matches: (b) => startsWith(b, [0x00, 0x64, 0xff, 0x9b]) && zeros(b, 4, 12), ipv4: (b) => b.slice(12) },
  // The local-use NAT64 prefix may be cut at any length from /48 to /96: the /96 form is judged by its IPv4
  // address, and the whole prefix is refused anyway below (it only ever reaches a private translator).
  { name: 'NAT64 64:ff9b:1::/48', matches: (b) => startsWith(b, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01]), ipv4: (b) => b.slice(12) },
  { name: '6to4 2002::/16', matches: (b) => startsWith(b, [0x20, 0x02]), ipv4: (b) => b.slice(2, 6) },
  // Teredo's server address (2001::/32 is refused as a whole below as well).
  { name: 'Teredo 2001::/32', matches: (b) => startsWith(b, [0x20, 0x01, 0x00, 0x00]), ipv4: (b) => b.slice(4, 8) },
  {
    name: 'ISATAP ::5efe:a.b.c.d',
    matches: (b) => (b[8] & 0xfd) === 0 && b[9] === 0 && b[10] === 0x5e && b[11] === 0xfe,
    ipv4: (b) => b.slice(12),
  },
];

function zeros(bytes: number[], from: number, to: number): boolean {
  return bytes.slice(from, to).every((b) => b === 0);
}

function startsWith(bytes: number[], prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** The IPv4 addresses carried inside an IPv6 one (every embedding form it matches). */
function embeddedIpv4(bytes: number[]): number[][] {
  return EMBEDDINGS.filter((e) => e.matches(bytes)).map((e) => e.ipv4(bytes));
}

/**
 * Why an address must not be reached (`loopback`, `private`, ...), or null when it is a public
 * unicast address. Anything that is not an IP address at all is refused too.
 */
export function blockedAddressReason(address: string): string | null {
  const family = isIP(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  if (family === 4) {
    const bytes = address.split('.').map(Number);
    return IPV4_BLOCKED.find((r) => inRange(bytes, r))?.name ?? null;
  }
  if (family === 6) {
    const bytes = parseIpv6(address)!;
    if (bytes.slice(0, 15).every((b) => b === 0) && bytes[15] <= 1) return bytes[15] === 1 ? 'loopback' : 'unspecified';
    for (const inner of embeddedIpv4(bytes)) {
      const reason = IPV4_BLOCKED.find((r) => inRange(inner, r))?.name;
      if (reason) return `${reason} (IPv4 inside IPv6)`;
    }
    // 6to4 and NAT64 of a public address are still public; the mapped forms likewise.
    return IPV6_BLOCKED.find((r) => inRange(bytes, r))?.name ?? null;
  }
  return 'not an IP address';
}
