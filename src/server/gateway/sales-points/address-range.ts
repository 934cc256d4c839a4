import { BlockList, isIP } from 'node:net';

/**
 * Whether a client address lies in a sales point's range (CIDR, as the database stores it: `192.168.1.0/24`).
 * An address the gateway cannot read (`unknown`: no socket) is in no range. IPv4 addresses mapped into IPv6
 * (`::ffff:192.168.1.7`, as a dual-stack socket reports them) count as their IPv4 selves.
 */
export function isInRange(address: string, range: string): boolean {
  const [network = '', prefixText] = range.split('/');
  const family = isIP(network);
  if (family === 0) return false;
  const prefix = prefixText === undefined ? (family === 4 ? 32 : 128) : Number(prefixText);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const candidate = mapped?.[1] ?? address;
  const candidateFamily = isIP(candidate);
  if (candidateFamily === 0) return false;
  const list = new BlockList();
  list.addSubnet(network, prefix, family === 4 ? 'ipv4' : 'ipv6');
  return list.check(candidate, candidateFamily === 4 ? 'ipv4' : 'ipv6');
}
