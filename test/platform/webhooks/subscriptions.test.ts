// Which events an endpoint takes: what every endpoint view lists and what delivery decides on.
import { describe, expect, it } from "vitest";
import { subscribedEvents, subscribes } from "../../../src/platform/webhooks/queries";

const SERVICE_EVENTS = ["profile.saved", "profile.deleted", "plan.activated"] as const;

describe("an endpoint's events", () => {
  it("are every event the service sends for an all-events endpoint, those added after it was registered included", () => {
    const endpoint = { allEvents: true, events: ["profile.saved"] };
    expect(subscribedEvents(endpoint, SERVICE_EVENTS)).toEqual(["profile.saved", "profile.deleted", "plan.activated"]);
    expect(subscribes(endpoint, "plan.activated")).toBe(true);
  });

  it("are those of its list otherwise, without a type the service no longer sends", () => {
    const endpoint = { allEvents: false, events: ["plan.activated", "profile.renamed", "profile.saved"] };
    expect(subscribedEvents(endpoint, SERVICE_EVENTS)).toEqual(["profile.saved", "plan.activated"]);
    expect(subscribes(endpoint, "profile.deleted")).toBe(false);
  });
});
