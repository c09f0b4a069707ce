// The pages' deliveries loader (src/platform/ui/deliveries.ts) by the calls it makes to the management API's
// deliveries log: only the owner's own endpoints are ever asked for, whatever the page's query names. Its pages as
// rendered are tested through each Worker (test/web-deliveries.ts).
import { describe, expect, it } from "vitest";
import { type DeliveryListRequest, type DeliveryPage, deliveryListPath, loadDeliveries } from "../../../src/platform/ui/deliveries";

/** A log that answers every call with one delivery and refuses the cursors in `refused`; the calls it got. */
function log(refused: readonly string[] = []) {
  const calls: Array<[string, DeliveryListRequest]> = [];
  const list = async (endpointId: string, request: DeliveryListRequest): Promise<DeliveryPage | null> => {
    calls.push([endpointId, request]);
    if (request.cursor !== undefined && refused.includes(request.cursor)) return null;
    const delivery = {
      id: `whd_${endpointId}`,
      eventType: "x",
      status: "failed",
      attempts: [],
      lastResponseStatus: null,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    return { deliveries: [delivery], nextCursor: "next" };
  };
  return { calls, list };
}

describe("loadDeliveries", () => {
  it("reads each of the owner's endpoints for an endpoint id not among them, and never that id", async () => {
    for (const endpoint of ["whk_theirs", "", "whk_a ", "WHK_A"]) {
      const { calls, list } = log();
      const view = await loadDeliveries({ endpoint, deliveries: "c1", delivery_status: "failed" }, ["whk_a", "whk_b"], list);
      expect(calls).toEqual([
        ["whk_a", { status: "failed", cursor: undefined, limit: 10 }],
        ["whk_b", { status: "failed", cursor: undefined, limit: 10 }],
      ]);
      expect(view).toMatchObject({ endpointId: undefined, cursor: undefined, status: "failed", nextCursor: null });
      expect(view.deliveries?.map((d) => d.endpointId)).toEqual(["whk_a", "whk_b"]);
    }
  });

  it("reads one of the owner's endpoints alone, from the cursor, or from its newest page when the log refuses the cursor", async () => {
    const accepted = log();
    expect(await loadDeliveries({ endpoint: "whk_b", deliveries: "c1" }, ["whk_a", "whk_b"], accepted.list)).toMatchObject({
      endpointId: "whk_b",
      cursor: "c1",
      nextCursor: "next",
    });
    expect(accepted.calls).toEqual([["whk_b", { status: undefined, cursor: "c1", limit: 20 }]]);

    const refused = log(["stale"]);
    const view = await loadDeliveries({ endpoint: "whk_b", deliveries: "stale", delivery_status: "bounced" }, ["whk_b"], refused.list);
    expect(view).toMatchObject({ endpointId: "whk_b", cursor: undefined, status: undefined });
    expect(refused.calls).toEqual([
      ["whk_b", { status: undefined, cursor: "stale", limit: 20 }],
      ["whk_b", { status: undefined, cursor: undefined, limit: 20 }],
    ]);
  });

  it("asks the log with the parameters both services' management APIs name alike", () => {
    expect(deliveryListPath("/admin/api/webhooks/whk_a/deliveries", { status: "failed", cursor: "a+b/c=", limit: 20 })).toBe(
      "/admin/api/webhooks/whk_a/deliveries?limit=20&status=failed&cursor=a%2Bb%2Fc%3D",
    );
    expect(deliveryListPath("/x", { status: undefined, cursor: undefined, limit: 10 })).toBe("/x?limit=10");
  });
});
