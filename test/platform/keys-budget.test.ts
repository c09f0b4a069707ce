import { describe, expect, it } from "vitest";
import { addressNetwork, UnknownKeyBudget } from "../../src/platform/keys/budget";

describe("the network an address is budgeted by", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:db8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["::ffff:cb00:7109", "203.0.113.9"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["not an address", "not an address"],
    ["1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8:9"],
    ["1::2::3", "1::2::3"],
  ])("%s is budgeted as %s", (address, network) => {
    expect(addressNetwork(address)).toBe(network);
  });
});

describe("the unknown-key budget", () => {
  const minute = Date.parse("2026-03-09T10:00:00Z");

  it("allows 3 unknown keys a minute per network, then is exceeded until the next minute", () => {
    const budget = new UnknownKeyBudget(3);
    const verdicts = [0, 1, 2, 3].map((i) => budget.record(`2001:db8:5:6::${i + 1}`, minute + 10_000));
    expect(verdicts.map((v) => v.exceeded)).toEqual([false, false, false, true]);
    // 10 s into the minute: 50 s until it is renewed.
    expect(verdicts[3]!.retryAfterSeconds).toBe(50);
    expect(budget.record("2001:db8:5:7::1", minute + 10_000).exceeded).toBe(false);
    expect(budget.record("2001:db8:5:6::1", minute + 60_000).exceeded).toBe(false);
  });

  it("forgets every count rather than growing past its network limit", () => {
    const budget = new UnknownKeyBudget(1, 2);
    expect(budget.record("192.0.2.1", minute).exceeded).toBe(false);
    expect(budget.record("192.0.2.1", minute).exceeded).toBe(true);
    budget.record("192.0.2.2", minute);
    expect(budget.record("192.0.2.3", minute).exceeded).toBe(false);
  });
});
