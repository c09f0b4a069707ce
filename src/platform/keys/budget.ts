// The unknown-key budget of a client address: how many unknown API keys one network may try per minute in
// one isolate. Only unknown keys are counted and refused; a valid key is never checked against it, so junk
// keys sent from a shared address (a NAT, an office) cannot lock out the paying tenants behind it.

/**
 * The network an address is budgeted by: the IPv4 address itself, or the /64 of an IPv6 address (one
 * subscriber usually holds a whole /64, so budgeting single IPv6 addresses would hand out 2^64 budgets).
 * An IPv4-mapped IPv6 address is its IPv4 address. Anything unparsable is budgeted as given.
 */
export function addressNetwork(address: string): string {
  const trimmed = address.trim().toLowerCase();
  if (!trimmed.includes(":")) return trimmed;
  const groups = ipv6Groups(trimmed);
  if (!groups) return trimmed;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted IPv4 part), or null. */
function ipv6Groups(address: string): number[] | null {
  const zone = address.indexOf("%");
  const bare = zone === -1 ? address : address.slice(0, zone);
  const halves = bare.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && piece.includes(".")) {
        const octets = piece.split(".");
        if (octets.length !== 4 || !octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)) return null;
        const [a, b, c, d] = octets.map(Number) as [number, number, number, number];
        out.push((a << 8) | b, (c << 8) | d);
      } else {
        if (!/^[0-9a-f]{1,4}$/.test(piece)) return null;
        out.push(Number.parseInt(piece, 16));
      }
    }
    return out;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

export interface BudgetVerdict {
  exceeded: boolean;
  /** Seconds until the minute's budget is renewed. */
  retryAfterSeconds: number;
}

/** Counts unknown keys per network in fixed minute windows; memory is bounded by `maxNetworks`. */
export class UnknownKeyBudget {
  private counts = new Map<string, number>();
  private window = -1;

  constructor(
    private readonly perMinute: number,
    private readonly maxNetworks = 50_000,
  ) {}

  /** Records one unknown key from `address` at `nowMs`; exceeded once the network is past its budget. */
  record(address: string, nowMs: number): BudgetVerdict {
    const window = Math.floor(nowMs / 60_000);
    if (window !== this.window || this.counts.size >= this.maxNetworks) {
      this.counts.clear();
      this.window = window;
    }
    const network = addressNetwork(address);
    const count = (this.counts.get(network) ?? 0) + 1;
    this.counts.set(network, count);
    return { exceeded: count > this.perMinute, retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * 60_000 - nowMs) / 1000)) };
  }
}
