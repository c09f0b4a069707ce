// A sale's life: confirmed when booked, then either dispatched (the goods left the godown) or cancelled
// (its kg go back to the lots). Both are final: goods that come back after dispatch are a sales return (a credit
// note that puts their kg back), not a change of status.

export const SALE_STATUSES = ["confirmed", "dispatched", "cancelled"] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

export type SaleStatusChange =
  | { kind: "allowed" }
  /** The sale is already in the status asked for. */
  | { kind: "already"; status: "cancelled" | "dispatched" }
  /** The sale reached the other final status. */
  | { kind: "final"; status: "cancelled" | "dispatched" };

export function saleStatusChange(current: SaleStatus, target: "cancelled" | "dispatched"): SaleStatusChange {
  if (current === "confirmed") return { kind: "allowed" };
  if (current === target) return { kind: "already", status: target };
  return { kind: "final", status: current };
}
