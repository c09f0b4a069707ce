// Which webhook URLs may be registered. A Worker's fetch has no documented guard against private targets,
// so registration (and every send) refuses anything that names the sender's own network: https only, no
// credentials, no port that browsers block, no internal host names, no IP literal in a private, loopback,
// link-local or reserved range, and IP literals only in their plain forms (dotted-decimal IPv4, IPv6 that is not
// IPv4-mapped), so a check can never be dodged by a spelling the resolver reads differently.
// `allowLoopback` (WEBHOOK_ALLOW_LOOPBACK=true, `.dev.vars` only) lets `npm start` deliver to a local receiver.

export interface UrlRuleOptions {
  allowLoopback: boolean;
}

export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string };

export const MAX_WEBHOOK_URL_LENGTH = 2048;

type Cidr4 = readonly [base: number, bits: number, label: string];

const ipv4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

// The Fetch standard's bad ports (https://fetch.spec.whatwg.org/#port-blocking), which browsers refuse to fetch:
// SMTP, SSH, IRC, SIP and other services listen there, and a POST could be read as that protocol's commands.
// A delivery is such a fetch, so the same list applies; the loopback allowance keeps every port.
const BAD_PORTS: ReadonlySet<number> = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123,
  135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995,
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

// IANA IPv4 Special-Purpose Address Registry, the parts that are not globally reachable, plus CGNAT.
const BLOCKED_V4: readonly Cidr4[] = [
  [ipv4(0, 0, 0, 0), 8, "this-network"],
  [ipv4(10, 0, 0, 0), 8, "private"],
  [ipv4(100, 64, 0, 0), 10, "carrier-grade NAT"],
  [ipv4(127, 0, 0, 0), 8, "loopback"],
  [ipv4(169, 254, 0, 0), 16, "link-local"],
  [ipv4(172, 16, 0, 0), 12, "private"],
  [ipv4(192, 0, 0, 0), 24, "reserved"],
  [ipv4(192, 0, 2, 0), 24, "documentation"],
  [ipv4(192, 88, 99, 0), 24, "reserved"],
  [ipv4(192, 168, 0, 0), 16, "private"],
  [ipv4(198, 18, 0, 0), 15, "benchmarking"],
  [ipv4(198, 51, 100, 0), 24, "documentation"],
  [ipv4(203, 0, 113, 0), 24, "documentation"],
  [ipv4(224, 0, 0, 0), 4, "multicast"],
  [ipv4(240, 0, 0, 0), 4, "reserved"],
];

function inCidr(address: number, base: number, bits: number): boolean {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (address & mask) >>> 0 === (base & mask) >>> 0;
}

/** Dotted-decimal only: the URL parser has already normalised hex, octal and single-number IPv4 forms. */
function parseIpv4(host: string): number | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return ipv4(Number(parts[0]), Number(parts[1]), Number(parts[2]), Number(parts[3]));
}

function blockedV4(address: number): string | null {
  for (const [base, bits, label] of BLOCKED_V4) if (inCidr(address, base, bits)) return label;
  return null;
}

/** Eight 16-bit groups, or null. Accepts `::` compression and a trailing dotted IPv4 (`::ffff:10.0.0.1`). */
export function parseIpv6(text: string): number[] | null {
  let host = text;
  const lastColon = host.lastIndexOf(":");
  if (host.includes(".")) {
    const v4 = parseIpv4(host.slice(lastColon + 1));
    if (v4 === null || lastColon < 0) return null;
    host = `${host.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = host.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if (![...head, ...rest].every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  const explicit = head.length + rest.length;
  if (halves.length === 1 ? explicit !== 8 : explicit > 7) return null;
  const zeros = new Array<number>(8 - explicit).fill(0);
  return [...head, ...zeros.map(String), ...rest].map((g) => parseInt(g, 16));
}

/** "a loopback", "an unspecified", "an IPv4-mapped private", "a unique local": the article of each label's sound. */
const withArticle = (label: string): string => `${/^(IPv4|unspecified)/.test(label) ? "an" : "a"} ${label}`;

// IANA IPv6 Special-Purpose Address Registry, the blocks that are not globally reachable (the whole of 2001::/23),
// plus multicast, the deprecated site-local range and the rest of ::/8.
function blockedV6(g: number[]): string | null {
  const embeddedV4 = ((g[6]! << 16) | g[7]!) >>> 0;
  // An IPv4-mapped address reaches the IPv4 host; a receiver registers that host's IPv4 address instead.
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `IPv4-mapped ${blockedV4(embeddedV4) ?? "IPv6"}`;
  if (g.slice(0, 7).every((x) => x === 0) && g[7]! <= 1) return g[7] === 1 ? "loopback" : "unspecified";
  if (g[0] === 0x64 && g[1] === 0xff9b) {
    if (g[2] === 1) return "local NAT64";
    return g.slice(2, 6).every((x) => x === 0) ? blockedV4(embeddedV4) && `NAT64 ${blockedV4(embeddedV4)}` : "reserved";
  }
  // The rest of ::/8 (IPv4-compatible and unassigned) is reserved.
  if (g[0]! >> 8 === 0) return "reserved";
  if (g[0] === 0x100 && g.slice(1, 4).every((x) => x === 0)) return "discard-only";
  if (g[0] === 0x100 && g[1] === 0 && g[2] === 0 && g[3] === 1) return "dummy"; // 100:0:0:1::/64 (RFC 9780)
  if (g[0] === 0x2001 && g[1]! < 0x200) return "reserved";
  if (g[0] === 0x2001 && g[1] === 0xdb8) return "documentation";
  if (g[0] === 0x2002) {
    const sixToFour = ((g[1]! << 16) | g[2]!) >>> 0;
    return blockedV4(sixToFour) && `6to4 ${blockedV4(sixToFour)}`;
  }
  if (g[0] === 0x3fff && g[1]! < 0x1000) return "documentation"; // 3fff::/20 (RFC 9637)
  if (g[0] === 0x5f00) return "segment routing (SRv6)"; // 5f00::/16, SRv6 segment identifiers (RFC 9602)
  if ((g[0]! & 0xfe00) === 0xfc00) return "unique local";
  if ((g[0]! & 0xffc0) === 0xfe80) return "link-local";
  if ((g[0]! & 0xffc0) === 0xfec0) return "site-local";
  if (g[0]! >> 8 === 0xff) return "multicast";
  return null;
}

// home.arpa is the special-use domain of home networks (RFC 8375), itself as much as its subdomains.
const INTERNAL_NAMES = ["localhost", "localhost.localdomain", "home.arpa"];
const INTERNAL_SUFFIXES = [".localhost", ".localdomain", ".internal", ".local", ".home.arpa"];

/** The host exactly as written in the URL (userinfo and port removed), before the URL parser rewrites it. */
function writtenAuthority(raw: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(raw.trim());
  return match ? match[1]! : null;
}

function isLoopbackHost(host: string): boolean {
  if (host === "localhost") return true;
  const v4 = parseIpv4(host);
  if (v4 !== null) return inCidr(v4, ipv4(127, 0, 0, 0), 8);
  if (host.startsWith("[")) {
    const g = parseIpv6(host.slice(1, -1));
    if (g === null) return false;
    return g.slice(0, 7).every((x) => x === 0) && g[7] === 1;
  }
  return false;
}

/**
 * The URL as stored and compared: the parser's form (host name in lower case, no default port) without a fragment,
 * which is never sent, and without an empty query (`/hook?` requests what `/hook` does). Two spellings of one
 * receiver are then one URL, so one endpoint per URL holds.
 */
function stored(url: URL): string {
  url.hash = "";
  return url.href.endsWith("?") ? url.href.slice(0, -1) : url.href;
}

/** Checks a webhook URL against the rules above; the reason reads after the field name (`url: …`). */
export function checkWebhookUrl(raw: string, options: UrlRuleOptions): UrlCheck {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return { ok: false, reason: `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "must be an absolute URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: "must use https" };
  const authority = writtenAuthority(raw);
  if (url.username || url.password || authority?.includes("@")) return { ok: false, reason: "must not contain credentials (user:password@)" };
  // Case and trailing dots are spelling, not a different host: `LOCALHOST..` is `localhost`.
  const host = url.hostname.toLowerCase().replace(/\.+$/, "");
  if (!host) return { ok: false, reason: "must name a host" };
  if (host.includes("..")) return { ok: false, reason: `must use a valid host name (${host})` };

  if (options.allowLoopback && isLoopbackHost(host)) return { ok: true, url: stored(url) };
  if (url.protocol !== "https:") return { ok: false, reason: "must use https" };
  // The parser writes the port in decimal without leading zeros, and leaves it empty for 443.
  if (url.port !== "" && BAD_PORTS.has(Number(url.port)))
    return { ok: false, reason: `must not use port ${url.port}, one of the ports browsers block` };

  if (INTERNAL_NAMES.includes(host) || INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return { ok: false, reason: `must not point at an internal host name (${host})` };
  }
  if (host.startsWith("[")) {
    const groups = parseIpv6(host.slice(1, -1));
    if (!groups) return { ok: false, reason: "has an invalid IPv6 address" };
    const label = blockedV6(groups);
    if (label) return { ok: false, reason: `must not point at ${withArticle(label)} address` };
    return { ok: true, url: stored(url) };
  }
  const v4 = parseIpv4(host);
  if (v4 !== null) {
    const label = blockedV4(v4);
    if (label) return { ok: false, reason: `must not point at ${withArticle(label)} address` };
    // The URL parser turns `134744072`, `0x8.8.8.8` and `010.8.8.8` into dotted decimal; only that form may be written.
    const written = authority?.replace(/:\d*$/, "").toLowerCase().replace(/\.+$/, "");
    if (written !== host) return { ok: false, reason: `must write an IPv4 address in dotted-decimal form (${host})` };
    return { ok: true, url: stored(url) };
  }
  if (!host.includes(".")) return { ok: false, reason: `must use a public, fully qualified host name (${host})` };
  return { ok: true, url: stored(url) };
}
