/** The key every rate limit counts a client by (IPv6 per /64, the smallest block a subscriber gets), and the check of a request against a limiter. */

/** One shared bucket for requests without a usable address. */
export const UNKNOWN_CLIENT_KEY = "unknown";

function parseIpv4(text: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  const bytes = match.slice(1).map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

function parseGroups(parts: readonly string[]): number[] | null {
  const groups: number[] = [];
  for (const part of parts) {
    if (!/^[0-9a-f]{1,4}$/.test(part)) return null;
    groups.push(parseInt(part, 16));
  }
  return groups;
}

/** Eight 16-bit groups from any IPv6 spelling (`::`, an IPv4 tail, brackets, a zone), or `null`. */
function parseIpv6(text: string): number[] | null {
  const address = text
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/%.*$/, "")
    .toLowerCase();
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

/** `ipv4:a.b.c.d` (IPv4-mapped IPv6 too), `ipv6:xxxx:xxxx:xxxx:xxxx::/64`, else `UNKNOWN_CLIENT_KEY`. Never throws. */
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

/** From `CF-Connecting-IP` (the edge), else `X-Real-IP` (local tools). */
export function readClientKey(request: Request): string {
  const address = request.headers.get("cf-connecting-ip") ?? request.headers.get("x-real-ip");
  return address === null ? UNKNOWN_CLIENT_KEY : toClientKey(address);
}

/**
 * Whether `request` fits its limiter's budget, counted by `readClientKey`. A missing or throwing limiter
 * lets it through: limits shed abuse, never fail a visitor (rule 8.6). Forms use it too.
 */
export async function fitsRateLimit(limiter: RateLimit | null | undefined, request: Request): Promise<boolean> {
  if (!limiter) return true;
  try {
    return (await limiter.limit({ key: readClientKey(request) })).success;
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", event: "ratelimit.failed", reason: String(error) }));
    return true;
  }
}
