// URL rules for webhook endpoints: a table of allowed and refused URLs, with and without the loopback
// allowance that `npm start` turns on.
import { describe, expect, it } from "vitest";
import { checkWebhookUrl, parseIpv6 } from "../../../src/platform/webhooks/url";

const production = { allowLoopback: false };
const local = { allowLoopback: true };

describe("the URL stored for an endpoint", () => {
  // A fragment never reaches the receiver, and an empty query asks for what no query does: each is the same receiver.
  it.each([
    ["https://HOOKS.Example.COM:443/hook", "https://hooks.example.com/hook"],
    ["https://hooks.example.com/hook#again", "https://hooks.example.com/hook"],
    ["https://hooks.example.com/hook#", "https://hooks.example.com/hook"],
    ["https://hooks.example.com/hook?", "https://hooks.example.com/hook"],
    ["https://hooks.example.com/hook?#x", "https://hooks.example.com/hook"],
    ["https://hooks.example.com/hook?a=1#x", "https://hooks.example.com/hook?a=1"],
    ["https://hooks.example.com/hook?a=", "https://hooks.example.com/hook?a="],
    ["http://127.0.0.1:9000/#x", "http://127.0.0.1:9000/"],
  ])("stores %s as %s", (written, stored) => {
    expect(checkWebhookUrl(written, local)).toEqual({ ok: true, url: stored });
  });
});

describe("webhook URL rules (production)", () => {
  it.each([
    "https://hooks.example.com/tax",
    "https://hooks.example.com:8443/path?x=1",
    "https://8.8.8.8/hook",
    "https://[2606:4700:4700::1111]/hook",
    "https://example.com./hook",
    "https://HOOKS.Example.COM../hook",
    "https://8.8.8.8./hook",
    // Global unicast just outside the 3fff::/20 documentation block.
    "https://[3ffe::1]/hook",
    "https://[3fff:1000::1]/hook",
    // Ports browsers fetch: https's own written out, 80, and those just beside blocked ones.
    "https://hooks.example.com:443/hook",
    "https://hooks.example.com:80/hook",
    "https://hooks.example.com:6670/hook",
    "https://hooks.example.com:10081/hook",
    "https://hooks.example.com:65535/hook",
  ])("accepts %s", (url) => {
    expect(checkWebhookUrl(url, production)).toMatchObject({ ok: true });
  });

  it.each([
    ["not a url", "absolute URL"],
    ["/relative/path", "absolute URL"],
    ["http://hooks.example.com/tax", "https"],
    ["ftp://hooks.example.com/tax", "https"],
    ["javascript:alert(1)", "https"],
    ["https://user:pass@hooks.example.com/", "credentials"],
    ["https://user@hooks.example.com/", "credentials"],
    ["https://localhost/hook", "internal host name"],
    ["https://LOCALHOST./hook", "internal host name"],
    ["https://api.localhost/hook", "internal host name"],
    ["https://metadata.google.internal/computeMetadata", "internal host name"],
    ["https://printer.local/", "internal host name"],
    ["https://router.home.arpa/", "internal host name"],
    ["https://home.arpa/hook", "internal host name"],
    ["https://intranet/hook", "fully qualified"],
    ["https://127.0.0.1/hook", "loopback"],
    ["https://127.1.2.3/hook", "loopback"],
    ["https://2130706433/hook", "loopback"],
    ["https://0x7f000001/hook", "loopback"],
    ["https://0177.0.0.1/hook", "loopback"],
    ["https://0.0.0.0/hook", "this-network"],
    ["https://10.1.2.3/hook", "private"],
    ["https://172.16.0.1/hook", "private"],
    ["https://172.31.255.255/hook", "private"],
    ["https://192.168.1.1/hook", "private"],
    ["https://100.64.0.1/hook", "carrier-grade NAT"],
    ["https://100.127.255.255/hook", "carrier-grade NAT"],
    ["https://169.254.169.254/latest/meta-data", "link-local"],
    ["https://192.0.0.8/hook", "reserved"],
    ["https://192.0.2.10/hook", "documentation"],
    ["https://198.18.0.1/hook", "benchmarking"],
    ["https://198.51.100.1/hook", "documentation"],
    ["https://203.0.113.1/hook", "documentation"],
    ["https://224.0.0.1/hook", "multicast"],
    ["https://240.0.0.1/hook", "reserved"],
    ["https://255.255.255.255/hook", "reserved"],
    ["https://[::1]/hook", "loopback"],
    ["https://[::]/hook", "unspecified"],
    ["https://[::ffff:127.0.0.1]/hook", "IPv4-mapped loopback"],
    ["https://[::ffff:7f00:1]/hook", "IPv4-mapped loopback"],
    ["https://[::ffff:10.0.0.1]/hook", "IPv4-mapped private"],
    ["https://[::ffff:169.254.169.254]/hook", "IPv4-mapped link-local"],
    ["https://[::127.0.0.1]/hook", "reserved"],
    ["https://[64:ff9b::10.0.0.1]/hook", "NAT64 private"],
    ["https://[64:ff9b:1::1]/hook", "local NAT64"],
    ["https://[fc00::1]/hook", "unique local"],
    ["https://[fd12:3456:789a::1]/hook", "unique local"],
    ["https://[fe80::1]/hook", "link-local"],
    ["https://[febf::1]/hook", "link-local"],
    ["https://[fec0::1]/hook", "site-local"],
    ["https://[ff02::1]/hook", "multicast"],
    ["https://[2001:db8::1]/hook", "documentation"],
    ["https://[3fff:fff::1]/hook", "documentation"],
    ["https://[2001::1]/hook", "reserved"],
    ["https://[2002:c0a8:0101::1]/hook", "6to4 private"],
    ["https://[100::1]/hook", "discard-only"],
    // The IPv6 special-purpose registry's later blocks that are not globally reachable, at both ends of each.
    ["https://[100:0:0:1::]/hook", "must not point at a dummy address"],
    ["https://[100:0:0:1:ffff:ffff:ffff:ffff]/hook", "must not point at a dummy address"],
    ["https://[5f00::]/hook", "must not point at a segment routing (SRv6) address"],
    ["https://[5f00::1]/hook", "must not point at a segment routing (SRv6) address"],
    ["https://[5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/hook", "must not point at a segment routing (SRv6) address"],
    [`https://example.com/${"a".repeat(2048)}`, "at most 2048"],
    // Spellings of internal names: case and trailing dots are normalised before the checks.
    ["https://localhost../", "internal host name"],
    ["https://foo.localhost../", "internal host name"],
    ["https://FOO.LocalHost.../", "internal host name"],
    ["https://localhost.localdomain/", "internal host name"],
    ["https://LOCALHOST.LOCALDOMAIN./", "internal host name"],
    ["https://db.localdomain/", "internal host name"],
    ["https://%6c%6fcalhost/", "internal host name"],
    ["https://example..com/", "valid host name"],
    // IPv4 written any way but dotted decimal, even when the address is public (8.8.8.8 = 134744072).
    ["https://134744072/hook", "dotted-decimal"],
    ["https://0x08080808/hook", "dotted-decimal"],
    ["https://0x8.0x8.0x8.0x8/hook", "dotted-decimal"],
    ["https://010.010.010.010/hook", "dotted-decimal"],
    ["https://8.8.2056/hook", "dotted-decimal"],
    ["https://134744072./hook", "dotted-decimal"],
    ["https://2130706433./hook", "loopback"],
    ["https://%38.8.8.8/hook", "dotted-decimal"],
    // IPv4-mapped IPv6, in both spellings, whatever the IPv4 address.
    ["https://[::ffff:8.8.8.8]/hook", "IPv4-mapped"],
    ["https://[::ffff:808:808]/hook", "IPv4-mapped"],
    ["https://[0:0:0:0:0:ffff:127.0.0.1]/hook", "IPv4-mapped loopback"],
    // Userinfo in any form, empty included.
    ["https://@hooks.example.com/", "credentials"],
    ["https://:@hooks.example.com/", "credentials"],
    ["https://hooks.example.com@evil.example/", "credentials"],
  ])("refuses %s (%s)", (url, reason) => {
    const result = checkWebhookUrl(url, production);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });
});

describe("ports browsers block", () => {
  // The bad ports of the Fetch standard, https://fetch.spec.whatwg.org/#port-blocking (the table's first column).
  const FETCH_BAD_PORTS = [
    0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119,
    123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
    995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
  ];

  it.each(FETCH_BAD_PORTS)("refuses port %i with a 400 reason naming it", (port) => {
    expect(checkWebhookUrl(`https://hooks.example.com:${port}/hook`, production)).toEqual({
      ok: false,
      reason: `must not use port ${port}, one of the ports browsers block`,
    });
  });

  it.each([
    ["https://1.1.1.1:22/", 22],
    ["https://example.com:0/", 0],
    ["https://[2606:4700:4700::1111]:25/hook", 25],
    // The parser drops leading zeros, so a padded port is the port it names.
    ["https://hooks.example.com:00022/hook", 22],
    ["https://HOOKS.example.com.:6666/hook", 6666],
  ])("refuses %s (port %i), on any host", (url, port) => {
    expect(checkWebhookUrl(url, production)).toEqual({ ok: false, reason: `must not use port ${port}, one of the ports browsers block` });
  });

  it("keeps every port on the loopback hosts npm start allows", () => {
    for (const url of ["http://127.0.0.1:22/hook", "http://localhost:6666/", "https://[::1]:25/", "http://127.0.0.1:0/"]) {
      expect(checkWebhookUrl(url, local)).toMatchObject({ ok: true });
    }
    expect(checkWebhookUrl("https://hooks.example.com:22/hook", local)).toMatchObject({ ok: false });
  });
});

describe("webhook URL rules with WEBHOOK_ALLOW_LOOPBACK=true (npm start)", () => {
  it.each(["http://127.0.0.1:9000/hook", "http://localhost:9000/hook", "http://[::1]:9000/", "https://127.0.0.1:9443/", "http://127.0.0.1/"])(
    "accepts %s",
    (url) => {
      expect(checkWebhookUrl(url, local)).toMatchObject({ ok: true });
    },
  );

  it.each([
    ["http://10.0.0.1:9000/", "https"],
    ["http://192.168.1.20:9000/", "https"],
    ["http://hooks.example.com/", "https"],
    ["http://user:pw@127.0.0.1:9000/", "credentials"],
    ["https://169.254.169.254/", "link-local"],
    ["http://api.localhost:9000/", "https"],
  ])("still refuses %s (%s)", (url, reason) => {
    const result = checkWebhookUrl(url, local);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });
});

describe("parseIpv6", () => {
  it.each([
    ["::", [0, 0, 0, 0, 0, 0, 0, 0]],
    ["::1", [0, 0, 0, 0, 0, 0, 0, 1]],
    ["2001:db8::8:800:200c:417a", [0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]],
    ["::ffff:10.0.0.1", [0, 0, 0, 0, 0, 0xffff, 0x0a00, 0x0001]],
    ["1:2:3:4:5:6:7:8", [1, 2, 3, 4, 5, 6, 7, 8]],
  ])("%s", (text, groups) => {
    expect(parseIpv6(text)).toEqual(groups);
  });
  it.each(["1:2:3", "1::2::3", "12345::", "1:2:3:4:5:6:7:8:9", "::ffff:300.0.0.1"])("rejects %s", (text) => {
    expect(parseIpv6(text)).toBeNull();
  });
});
