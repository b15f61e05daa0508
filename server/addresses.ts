import { BlockList, isIP } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x (BlockList matches ::ffff:127.0.0.1 against the IPv4 rule). */
export function isLoopback(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The key a client address is counted under by every per-address limit: an IPv4 address as it
 * is (an IPv4-mapped IPv6 address as its IPv4 one), an IPv6 address as its /64 network
 * (`2001:db8:1:2::/64`), since one subscriber or host usually holds a whole /64 and could
 * otherwise take a fresh allowance with every address of it. Anything else (no address) as is.
 */
export function addressKey(address: string): string {
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const mappedV4 = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mappedV4) return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (zone id dropped, a dotted IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    const bytes = last.split('.').map(Number);
    if (bytes.length !== 4 || bytes.some((b) => !Number.isInteger(b) || b < 0 || b > 255)) return null;
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    text = `${text.slice(0, lastColon + 1)}${hex(bytes[0]!, bytes[1]!)}:${hex(bytes[2]!, bytes[3]!)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const read = (part: string) => (part === '' ? [] : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? Number.parseInt(g, 16) : Number.NaN)));
  const head = read(halves[0]!);
  const rest = halves.length === 2 ? read(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest];
  return groups.every((g) => Number.isInteger(g)) ? groups : null;
}
