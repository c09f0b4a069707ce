// Rules both services' OpenAPI documents keep, checked over the committed document.

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

/**
 * The operations that validate a parameter, header or body (each answers 400 when it is malformed: an id over 64
 * characters, a bad Idempotency-Key) yet do not declare 400. A client generated from the document must know it.
 */
export function undeclaredValidationErrors(document: { paths: Record<string, Record<string, Operation>> }): string[] {
  const missing: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const validates = (operation.parameters ?? []).length > 0 || operation.requestBody !== undefined;
      if (validates && !("400" in operation.responses)) missing.push(`${method} ${path}`);
    }
  }
  return missing;
}
