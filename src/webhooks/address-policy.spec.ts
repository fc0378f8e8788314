import { blockedAddressReason } from './address-policy';

/**
 * Every IPv6 spelling that embeds an IPv4 address is refused exactly as the IPv4 address itself is
 * (the address policy of webhook endpoints and integrations, spec 04 §5.1).
 */
const hex = (ipv4: string) => {
  const [a, b, c, d] = ipv4.split('.').map(Number);
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
};

const FORMS: [string, (ipv4: string) => string][] = [
  ['mapped, dotted', (ip) => `::ffff:${ip}`],
  ['mapped, hex', (ip) => `::ffff:${hex(ip)}`],
  ['mapped, written out in capitals', (ip) => `0:0:0:0:0:FFFF:${hex(ip).toUpperCase()}`],
  ['mapped, bracketed', (ip) => `[::ffff:${ip}]`],
  ['translated (::ffff:0:0:0/96)', (ip) => `::ffff:0:${ip}`],
  ['translated, hex', (ip) => `::ffff:0:${hex(ip)}`],
  ['compatible (::/96)', (ip) => `::${ip}`],
  ['NAT64 well-known (64:ff9b::/96)', (ip) => `64:ff9b::${ip}`],
  ['NAT64 local-use (64:ff9b:1::/48, /96 form)', (ip) => `64:ff9b:1::${ip}`],
  ['6to4 (2002::/16)', (ip) => `2002:${hex(ip)}::1`],
  ['Teredo server (2001::/32)', (ip) => `2001:0:${hex(ip)}::1`],
  ['ISATAP interface id', (ip) => `2606:4700:1::5efe:${ip}`],
  ['ISATAP interface id, universal bit', (ip) => `2606:4700:1::200:5efe:${hex(ip)}`],
];

const BLOCKED_IPV4 = ['127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '168.63.129.16'];

describe('address policy: IPv4 inside IPv6', () => {
  const cases = FORMS.flatMap(([form, spell]) => BLOCKED_IPV4.map((ip) => [form, ip, spell(ip)] as const));

  it.each(cases)('%s of %s (%s) is refused as the IPv4 address is', (_form, ip, address) => {
    const reason = blockedAddressReason(ip);
    expect(reason).not.toBeNull();
    expect(blockedAddressReason(address)).toBe(`${reason} (IPv4 inside IPv6)`);
  });

  it.each(FORMS.map(([form, spell]) => [form, spell('8.8.8.8')]))(
    '%s of a public IPv4 address (%s) is judged by the IPv6 ranges',
    (form, address) => {
      const expected = form.startsWith('NAT64 local-use') ? 'NAT64 local-use' : form.startsWith('Teredo') ? 'Teredo' : null;
      expect(blockedAddressReason(address)).toBe(expected);
    },
  );
});
