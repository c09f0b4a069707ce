// Turns a zod failure into one message that names the failing field: `salary.grossSalary: must be >= 0`.
import type { z } from "zod";

/** A field's path as messages name it: `items[1].kg`, `profile.salary.grossSalary`. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** The value at `path` inside the validated input, or undefined when any step is missing. */
function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = input;
  for (const part of path) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

const NO_INPUT = Symbol("no input");

/** Whether the field at the issue's path was left out of `input` (zod's own wording tells when no input is given). */
function absent(issue: z.core.$ZodIssue, input: unknown): boolean {
  return input === NO_INPUT ? /received undefined$/.test(issue.message) : valueAt(input, issue.path) === undefined;
}

const oneOf = (values: ReadonlyArray<unknown>) => `must be one of ${values.map((v) => JSON.stringify(v)).join(", ")}`;

/**
 * A union fails as a whole ("Invalid input"); when each of its options failed on the field itself, the options
 * say what the field accepts: literals (`24 | 72`, a discriminator's values) list their values, types (a decimal
 * string or a number) their types. Null when an option failed deeper inside, on one of an object's fields.
 */
function unionChoice(issue: z.core.$ZodIssueInvalidUnion, input: unknown): string | null {
  if (issue.errors.length === 0) {
    if (!("options" in issue) || !issue.options?.length) return null;
    return input !== NO_INPUT && absent(issue, input) ? "is required" : oneOf(issue.options);
  }
  const failures = issue.errors.map((errors) => (errors.length === 1 && errors[0]?.path.length === 0 ? errors[0] : undefined));
  const values = failures.flatMap((f) => (f?.code === "invalid_value" ? [f.values] : []));
  const types = failures.flatMap((f) => (f?.code === "invalid_type" ? [f.expected] : []));
  if (values.length !== failures.length && types.length !== failures.length) return null;
  const missing =
    input === NO_INPUT ? failures.every((f) => f !== undefined && /received undefined$/.test(f.message)) : valueAt(input, issue.path) === undefined;
  if (missing) return "is required";
  return values.length === failures.length ? oneOf(values.flat()) : `must be of type ${[...new Set(types)].join(" or ")}`;
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): { field: string; message: string } {
  const field = fieldPath(issue.path);
  switch (issue.code) {
    case "unrecognized_keys": {
      const key = issue.keys[0] ?? "";
      return { field: field ? `${field}.${key}` : key, message: "unknown field" };
    }
    case "too_small":
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return { field, message: `must be ${issue.inclusive ? ">=" : ">"} ${String(issue.minimum)}` };
      if (issue.origin === "string")
        return { field, message: Number(issue.minimum) === 1 ? "must not be empty" : `must be at least ${String(issue.minimum)} characters` };
      if (issue.origin === "array")
        return { field, message: Number(issue.minimum) === 1 ? "must have at least 1 item" : `must have at least ${String(issue.minimum)} items` };
      return { field, message: issue.message };
    case "too_big":
      // A list's own wording (why the limit is there) says more than the limit.
      if (issue.origin === "array" && !issue.message.startsWith("Too big")) return { field, message: issue.message };
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return { field, message: `must be ${issue.inclusive ? "<=" : "<"} ${String(issue.maximum)}` };
      if (issue.origin === "string") return { field, message: `must be at most ${String(issue.maximum)} characters` };
      if (issue.origin === "array") return { field, message: `must have at most ${String(issue.maximum)} items` };
      return { field, message: issue.message };
    case "invalid_value":
      if (input !== NO_INPUT && absent(issue, input)) return { field, message: "is required" };
      return { field, message: oneOf(issue.values) };
    case "invalid_union":
      return { field, message: unionChoice(issue, input) ?? issue.message };
    case "invalid_type": {
      // zod 4 leaves `issue.input` out unless asked, so whether the field was sent is read from the input.
      if (absent(issue, input)) return { field, message: "is required" };
      // A schema's own wording (a strict integer's "whole number in decimal digits") says more than the type.
      if (!issue.message.startsWith("Invalid input")) return { field, message: issue.message };
      return { field, message: `must be ${issue.expected === "int" ? "an integer" : `of type ${issue.expected}`}` };
    }
    default:
      return { field, message: issue.message };
  }
}

/** `input` is the value that was validated (hono's validator hook passes it as `data`). */
export function describeZodError(error: z.core.$ZodError, where?: string, input: unknown = NO_INPUT): string {
  const first = error.issues[0];
  if (!first) return "Invalid request";
  // The framework reads a query parameter given twice (`limit=5&limit=6`) as a list, and no parameter takes one:
  // say so, rather than describe the list as a malformed value.
  const repeated = where === "query" && first.path.length === 1 && Array.isArray(valueAt(input, first.path));
  const { field, message } = repeated ? { field: fieldPath(first.path), message: "must be given once, not repeated" } : describeIssue(first, input);
  // An issue with the whole input names where it came from; hono calls a JSON body "json", users call it the body.
  const name = field || (where === undefined || where === "json" ? "body" : where);
  return `${name}: ${message}`;
}
