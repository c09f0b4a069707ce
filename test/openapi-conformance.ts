// Real answers checked against a committed OpenAPI document: the schema that a client generator or a response
// validator reads for an operation and status must accept what the Worker sends.
import Ajv2020 from "ajv/dist/2020";
import { expect } from "vitest";

type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * A checker for `document`: `expectDocumented(response, "post /api/v1/compute", 200)` asserts the status, that the
 * body is JSON and that the document's schema for that operation and status accepts it, printing the body and every
 * schema error otherwise; it returns the parsed body.
 */
export function documentedAnswers(document: object) {
  // OpenAPI's own keywords (example, discriminator) are not JSON Schema's: strict mode would refuse them. Formats
  // (date-time, email) are not checked: the shapes are what a generated client depends on.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const id = "https://openapi.test/document.json";
  // The whole document, so that `#/components/schemas/...` resolves from any response schema inside it.
  ajv.addSchema(document, id);

  return async function expectDocumented<T = any>(response: Response, operation: `${Method} /${string}`, status: number): Promise<T> {
    const text = await response.text();
    expect(response.status, `${operation}: ${response.status} ${text}`).toBe(status);
    expect(response.headers.get("Content-Type"), operation).toMatch(/^application\/json\b/);
    const method = operation.slice(0, operation.indexOf(" "));
    const path = operation.slice(method.length + 1);
    const pointer = ["paths", path, method, "responses", String(status), "content", "application/json", "schema"]
      .map((part) => encodeURIComponent(part.replaceAll("~", "~0").replaceAll("/", "~1")))
      .join("/");
    const validate = ajv.getSchema(`${id}#/${pointer}`);
    if (validate === undefined) throw new Error(`the document has no JSON answer for ${operation} ${status}`);
    const body = JSON.parse(text) as T;
    validate(body);
    expect(validate.errors ?? [], `${operation} ${status} answered ${text.slice(0, 2_000)}`).toEqual([]);
    return body;
  };
}
