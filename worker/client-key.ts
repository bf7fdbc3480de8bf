/**
 * The one key every rate limit counts a client by (forms, checkout, CSP
 * reports, field data; rules 5.x, 6.6, 8.x). An IPv4 client is counted per address; an
 * IPv6 client per /64, the smallest block a provider hands one subscriber,
 * so one home or host cannot spread its attempts over 2^64 addresses.
 */

/** The key of a request whose address is missing or does not parse: one shared bucket. */
export const UNKNOWN_CLIENT_KEY = "unknown";

/** Parses dotted-quad IPv4 into its four bytes, or `null`. */
function parseIpv4(text: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  const bytes = match.slice(1).map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

/** Parses a 1-4 digit hexadecimal group list into numbers, or `null` when one is not a group. */
function parseGroups(parts: readonly string[]): number[] | null {
  const groups: number[] = [];
  for (const part of parts) {
    if (!/^[0-9a-f]{1,4}$/.test(part)) return null;
    groups.push(parseInt(part, 16));
  }
  return groups;
}

/** Parses IPv6 text (any case, `::`, an IPv4 tail, brackets, a zone) into its eight 16-bit groups, or `null`. */
function parseIpv6(text: string): number[] | null {
  const address = text
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "")
    .toLowerCase();
  // An IPv4 tail (`::ffff:192.0.2.1`) is two groups written as a dotted quad.
  let body = address;
  const lastColon = address.lastIndexOf(":");
  if (lastColon >= 0 && address.slice(lastColon + 1).includes(".")) {
    const bytes = parseIpv4(address.slice(lastColon + 1));
    if (!bytes) return null;
    const high = (bytes[0]! * 256 + bytes[1]!).toString(16);
    const low = (bytes[2]! * 256 + bytes[3]!).toString(16);
    body = `${address.slice(0, lastColon + 1)}${high}:${low}`;
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const split = (half: string | undefined) => (half === undefined || half === "" ? [] : half.split(":"));
  const head = parseGroups(split(halves[0]));
  const rest = parseGroups(split(halves[1]));
  if (!head || !rest) return null;
  let groups: number[];
  if (halves.length === 2) {
    const explicit = head.length + rest.length;
    if (explicit > 7) return null;
    groups = [...head, ...new Array<number>(8 - explicit).fill(0), ...rest];
  } else {
    groups = head;
  }
  return groups.length === 8 ? groups : null;
}

/**
 * The rate-limit key of one client address.
 *
 * @param address the address as the edge reports it (`CF-Connecting-IP`):
 *   IPv4 dotted quad or IPv6 text in any valid spelling.
 * @returns `ipv4:a.b.c.d` for IPv4 and IPv4-mapped IPv6 (`::ffff:a.b.c.d`),
 *   `ipv6:xxxx:xxxx:xxxx:xxxx::/64` (lower-case, four digits a group) for
 *   other IPv6, `UNKNOWN_CLIENT_KEY` for text that is neither. Never throws.
 */
export function toClientKey(address: string): string {
  const text = address.trim();
  const ipv4 = parseIpv4(text);
  if (ipv4) return `ipv4:${ipv4.join(".")}`;
  const groups = parseIpv6(text);
  if (!groups) return UNKNOWN_CLIENT_KEY;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return `ipv4:${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  }
  const prefix = groups.slice(0, 4).map((group) => group.toString(16).padStart(4, "0"));
  return `ipv6:${prefix.join(":")}::/64`;
}

/**
 * The rate-limit key of a request's client: `CF-Connecting-IP` (set by
 * Cloudflare's edge), else `X-Real-IP` (local tools), through `toClientKey`.
 *
 * @returns the key; `UNKNOWN_CLIENT_KEY` when neither header holds an address.
 */
export function readClientKey(request: Request): string {
  const address = request.headers.get("cf-connecting-ip") ?? request.headers.get("x-real-ip");
  return address === null ? UNKNOWN_CLIENT_KEY : toClientKey(address);
}
