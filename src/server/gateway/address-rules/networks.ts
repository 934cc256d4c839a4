import { BlockList, isIP } from 'node:net';

/**
 * CIDR networks of IPv4 and IPv6, as the address rules hold them (`192.0.2.0/24`, `2001:db8::/32`). An address
 * the gateway cannot read (`unknown`: no socket) lies in no network; IPv4 addresses mapped into IPv6
 * (`::ffff:192.0.2.7`) count as their IPv4 selves (client-address.ts normalises them already).
 */

/** The network as `address/prefix` (a bare address is its own /32 or /128); null when it is no network. */
export function parseNetwork(text: string): { address: string; prefix: number; family: 4 | 6 } | null {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return null;
  const longest = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? longest : Number(prefixText);
  return prefix <= longest ? { address, prefix, family: family === 4 ? 4 : 6 } : null;
}

/** Built once per list: a session's networks are one array for as long as the session is kept. */
const lists = new WeakMap<readonly string[], BlockList>();

function blockListOf(networks: readonly string[]): BlockList {
  let list = lists.get(networks);
  if (!list) {
    list = new BlockList();
    for (const text of networks) {
      const network = parseNetwork(text);
      if (network) list.addSubnet(network.address, network.prefix, network.family === 4 ? 'ipv4' : 'ipv6');
    }
    lists.set(networks, list);
  }
  return list;
}

/** Whether `address` lies in one of `networks`. */
export function isWithin(address: string, networks: readonly string[]): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const candidate = mapped?.[1] ?? address;
  const family = isIP(candidate);
  if (family === 0) return false;
  return blockListOf(networks).check(candidate, family === 4 ? 'ipv4' : 'ipv6');
}
