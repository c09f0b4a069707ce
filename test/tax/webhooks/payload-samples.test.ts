// The sample bodies the tax API reference shows a receiver are ones the service could send.
import { describe, expect, it } from "vitest";
import { webhookSample } from "../../openapi-samples";
import { TAX } from "../helpers";

describe("the tax API reference's sample webhook bodies", () => {
  it("plan.activated: the paid period ends after the event (a payment buys 30 days; a won dispute gives back time > 0)", async () => {
    const body = await webhookSample(TAX, "plan.activated");
    expect(Date.parse(body.data.paidUntil), `createdAt ${body.createdAt}, paidUntil ${body.data.paidUntil}`).toBeGreaterThan(
      Date.parse(body.createdAt),
    );
  });

  it("profile.saved: the sample summary shows the old regime not available, so it recommends the new regime", async () => {
    const { data } = await webhookSample(TAX, "profile.saved");
    expect(data.summary.notAvailable.old).toBeTypeOf("object");
    expect(data.summary.recommendedRegime).toBe("new");
  });
});
