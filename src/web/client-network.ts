import { isIPv6 } from 'node:net';

/**
 * The network an address stands for in the per-address limits: an IPv4 address itself, an IPv6
 * address's /64 (one subscriber's whole block: a client rotating addresses within it is one client).
 * An IPv4 address mapped into IPv6 (::ffff:192.0.2.1) is the IPv4 address.
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
