// Validation messages name the field and say what is wrong with it: a value of the wrong type is not
// "required" (zod 4 leaves the input out of its issues, so presence is read from the validated input).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { queryInteger } from "../../src/platform/http/query";
import { describeZodError } from "../../src/platform/http/validation";

const Schema = z
  .object({
    age: z.number(),
    limit: z.coerce.number().int().min(1),
    nested: z.object({ name: z.string() }).optional(),
    status: z.enum(["resident", "non_resident"]).optional(),
    label: z.string().min(1).optional(),
    tags: z.array(z.string()).min(1).optional(),
  })
  .strict();
const WithStatus = z.object({ status: z.enum(["resident", "non_resident"]) });

function message(input: unknown, passInput = true): string {
  const result = Schema.safeParse(input);
  if (result.success) throw new Error("expected a failure");
  return passInput ? describeZodError(result.error, "json", input) : describeZodError(result.error, "json");
}

describe("describeZodError", () => {
  it.each([
    [{ limit: "1" }, "age: is required"],
    [{ age: "34", limit: "1" }, "age: must be of type number"],
    [{ age: null, limit: "1" }, "age: must be of type number"],
    [{ age: 1, limit: ["5", "6"] }, "limit: must be of type number"],
    [{ age: 1, limit: "\u0000" }, "limit: must be of type number"],
    [{ age: 1, limit: 1, nested: {} }, "nested.name: is required"],
    [{ age: 1, limit: 1, nested: { name: 5 } }, "nested.name: must be of type string"],
  ])("%j -> %s", (input, expected) => {
    expect(message(input)).toBe(expected);
    // Without the input, zod's own wording still tells absent from wrong.
    expect(message(input, false)).toBe(expected);
  });
});

describe("describeZodError, beyond type and presence", () => {
  it.each([
    [{ age: 1, limit: 1, label: "" }, "label: must not be empty"],
    [{ age: 1, limit: 1, tags: [] }, "tags: must have at least 1 item"],
    [{ age: 1, limit: 1, status: "alien" }, 'status: must be one of "resident", "non_resident"'],
  ])("%j -> %s", (input, expected) => {
    expect(message(input)).toBe(expected);
  });

  it("a required choice left out is required, not 'must be one of'", () => {
    const result = WithStatus.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) expect(describeZodError(result.error, "json", {})).toBe("status: is required");
  });

  it("a JSON body that is not an object is named the body, not by the framework's name for it", () => {
    for (const input of [[], null, "text"]) {
      const result = Schema.safeParse(input);
      expect(result.success).toBe(false);
      if (!result.success) expect(describeZodError(result.error, "json", input)).toBe("body: must be of type object");
    }
  });
});

describe("describeZodError, unions", () => {
  const Unions = z
    .object({
      grace_hours: z.union([z.literal(24), z.literal(72)]),
      amount: z.union([z.string(), z.number()]).optional(),
      adjustment: z
        .discriminatedUnion("reason", [
          z.object({ reason: z.literal("damage"), kg: z.number() }),
          z.object({ reason: z.literal("count_correction"), kg_counted: z.number() }),
        ])
        .optional(),
    })
    .strict();

  it.each([
    [{ grace_hours: 48 }, "grace_hours: must be one of 24, 72"],
    [{ grace_hours: "24" }, "grace_hours: must be one of 24, 72"],
    [{ grace_hours: null }, "grace_hours: must be one of 24, 72"],
    [{}, "grace_hours: is required"],
    [{ grace_hours: 24, amount: true }, "amount: must be of type string or number"],
    [{ grace_hours: 24, adjustment: { reason: "theft" } }, 'adjustment.reason: must be one of "damage", "count_correction"'],
    [{ grace_hours: 24, adjustment: {} }, "adjustment.reason: is required"],
    [{ grace_hours: 24, adjustment: { reason: "damage" } }, "adjustment.kg: is required"],
  ])("%j -> %s", (input, expected) => {
    const result = Unions.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(describeZodError(result.error, "json", input)).toBe(expected);
  });
});

describe("describeZodError, a schema's own wording", () => {
  it.each([["5.0"], ["0x10"]])("a limit of %j is 'a whole number in decimal digits', not 'of type number'", (limit) => {
    const Query = z.object({ limit: queryInteger(1, 100) });
    const result = Query.safeParse({ limit });
    expect(result.success).toBe(false);
    if (!result.success) expect(describeZodError(result.error, "query", { limit })).toBe("limit: must be a whole number in decimal digits");
  });
});

describe("describeZodError, a query parameter given twice", () => {
  // The framework reads `?limit=5&limit=6` as { limit: ["5", "6"] }.
  const Query = z.object({ limit: queryInteger(1, 100).optional(), from: z.string().optional() }).strict();

  it.each([
    [{ limit: ["5", "6"] }, "limit"],
    [{ limit: ["5", "5"] }, "limit"],
    [{ limit: "5", from: ["2026-11-01", "2026-11-02"] }, "from"],
  ])("%j is '%s: must be given once, not repeated'", (query, name) => {
    const result = Query.safeParse(query);
    expect(result.success).toBe(false);
    if (!result.success) expect(describeZodError(result.error, "query", query)).toBe(`${name}: must be given once, not repeated`);
  });

  it("a list in a JSON body is a value of the wrong type, not a repetition", () => {
    const body = { limit: ["5", "6"] };
    const result = Query.safeParse(body);
    expect(result.success).toBe(false);
    if (!result.success) expect(describeZodError(result.error, "json", body)).toBe("limit: must be a whole number in decimal digits");
  });
});
