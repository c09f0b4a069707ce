// Validation messages name the field and say what is wrong with it: a value of the wrong type is not
// "required" (zod 4 leaves the input out of its issues, so presence is read from the validated input).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeZodError } from "../../src/platform/http/validation";

const Schema = z.object({ age: z.number(), limit: z.coerce.number().int().min(1), nested: z.object({ name: z.string() }).optional() }).strict();

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
