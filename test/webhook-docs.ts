// What docs/webhooks.md promises receivers about each event's body: the Events table's `data` fields per event
// kind, and the example envelopes. Tests compare the bodies the services really write with these.
import guide from "../docs/webhooks.md?raw";

export interface DocumentedEvent {
  type: string;
  /** The `data` fields the table names for this service, in its order. */
  fields: string[];
}

/**
 * The Events table's rows for one service. A `Both` row names the tax fields first and the inventory fields
 * second (`{endpointId, message}` / `{endpoint_id, message}`).
 */
export function documentedEvents(service: "Tax" | "Inventory"): DocumentedEvent[] {
  const table = guide.split("\nEvents:\n")[1]!.trimStart().split("\n\n")[0]!;
  return table
    .split("\n")
    .map((line) => line.split("|").map((cell) => cell.trim()))
    .filter(([, who]) => who === service || who === "Both")
    .flatMap(([, who, kinds, , data]) => {
      const groups = [...data!.matchAll(/`\{([^}`]*)\}`/g)].map((m) => m[1]!.split(",").map((f) => f.trim()));
      const fields = who === "Both" && service === "Inventory" ? groups[1]! : groups[0]!;
      return [...kinds!.matchAll(/`([a-z_.]+)`/g)].map((m) => ({ type: m[1]!, fields }));
    });
}

/** The example envelopes (the guide's JSON blocks that have a `type`), by event type. */
export function documentedExamples(): Map<string, Record<string, unknown>> {
  const blocks = [...guide.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  return new Map(blocks.filter((b) => typeof b.type === "string").map((b) => [b.type as string, b]));
}

/**
 * What a receiver can rely on about a value, as a comparable description: ids by their prefix (`sale_01jd…`),
 * decimal strings by their places, ISO times and dates by their form, integers and other numbers, and any other
 * string as that exact value. Where the example `like` (the same place in a documented example) is `…`, any
 * string is described as `…`.
 */
export function shapeOf(value: unknown, like?: unknown): unknown {
  const at = (key: string | number) => (like !== null && typeof like === "object" ? (like as Record<string, unknown>)[key] : undefined);
  if (Array.isArray(value)) return value.map((v, i) => shapeOf(v, at(i)));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v, at(k))]));
  }
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value !== "string") return value;
  if (like === "…") return "…";
  const id = /^([a-z]+)_[0-9a-zA-Z]*…?$/.exec(value);
  if (id) return `id ${id[1]}_`;
  const decimal = /^\d+\.(\d+)$/.exec(value);
  if (decimal) return `decimal with ${decimal[1]!.length} places`;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return "ISO time, ms, Z";
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return "ISO date";
  return value;
}
