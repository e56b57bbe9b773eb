/**
 * Which address is the client's (the per-address limits and the login guards count by it), from
 * TRUST_PROXY. With a hop count, X-Forwarded-For is honoured only when the connection itself comes
 * from loopback, a private network or a listed proxy: the server listens on every interface by
 * default, and a client that reaches the port directly must not name its own address. A list names
 * the proxies outright. The start banner says which rule is in force (describeClientAddress).
 */
import { BlockList, isIPv4 } from 'node:net';
import type { TrustProxy } from './config';

/** Loopback and the private ranges (RFC 1918, IPv6 unique local): no client on the internet connects from these. */
const PRIVATE_RANGES: [string, number, 'ipv4' | 'ipv6'][] = [
  ['127.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
];

/** A socket listening on :: reports IPv4 clients as ::ffff:a.b.c.d. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

function familyOf(address: string): 'ipv4' | 'ipv6' {
  return isIPv4(address) ? 'ipv4' : 'ipv6';
}

/** Loopback, the private ranges, and the listed addresses or CIDR ranges. */
function forwardingPeers(listed: string[]): (address: string) => boolean {
  const peers = new BlockList();
  for (const [network, bits, family] of PRIVATE_RANGES) peers.addSubnet(network, bits, family);
  for (const entry of listed) {
    const [network, bits] = entry.split('/');
    if (bits === undefined) {
      const address = unmapped(network);
      peers.addAddress(address, familyOf(address));
    } else {
      peers.addSubnet(network, Number(bits), familyOf(network));
    }
  }
  return (address) => {
    const plain = unmapped(address);
    return peers.check(plain, familyOf(plain));
  };
}

/** TRUST_PROXY as Fastify's trustProxy option takes it. */
export function proxyTrust(
  trust: TrustProxy | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined || trust === false || Array.isArray(trust)) return trust ?? false;
  const mayForward = forwardingPeers(trust.peers);
  // Hop 0 is the connection's own address: the nearest proxy, which must be one of ours.
  return (address, hop) => hop < trust.hops && (hop > 0 || mayForward(address));
}

/** One line for the start banner. */
export function describeClientAddress(trust: TrustProxy): string {
  if (trust === false) return "Client address: the connection's (TRUST_PROXY off: X-Forwarded-For is ignored)";
  if (Array.isArray(trust)) {
    return `Client address: from X-Forwarded-For when the connection comes from ${trust.join(', ')}; otherwise the connection's`;
  }
  const hops = `${trust.hops} proxy hop${trust.hops === 1 ? '' : 's'}`;
  const from = ['loopback', 'a private network', ...trust.peers].join(', ');
  return `Client address: from X-Forwarded-For (${hops}) when the connection comes from ${from}; otherwise the connection's`;
}
