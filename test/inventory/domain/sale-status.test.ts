import { describe, expect, it } from "vitest";
import { SALE_STATUSES, saleStatusChange } from "../../../src/inventory/domain/sale-status";

describe("saleStatusChange", () => {
  it.each([
    ["confirmed", "cancelled", { kind: "allowed" }],
    ["confirmed", "dispatched", { kind: "allowed" }],
    ["cancelled", "cancelled", { kind: "already", status: "cancelled" }],
    ["dispatched", "dispatched", { kind: "already", status: "dispatched" }],
    // Dispatched goods come back through a credit note, never by cancelling the sale.
    ["dispatched", "cancelled", { kind: "final", status: "dispatched" }],
    ["cancelled", "dispatched", { kind: "final", status: "cancelled" }],
  ] as const)("%s → %s", (current, target, change) => {
    expect(saleStatusChange(current, target)).toEqual(change);
  });

  it("allows a change only from confirmed", () => {
    for (const current of SALE_STATUSES) {
      for (const target of ["cancelled", "dispatched"] as const) {
        expect(saleStatusChange(current, target).kind === "allowed").toBe(current === "confirmed");
      }
    }
  });
});
