// Rules both services' OpenAPI documents keep, checked over the committed document.

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  responses: Record<string, { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
}

type Document = { paths: Record<string, Record<string, Operation>> };

/** What the reference shows of each operation beside its summary, and the groups it files them under. */
type DescribedOperation = { description?: string; tags?: string[]; responses: unknown };
type DescribedDocument = {
  paths: Record<string, Record<string, DescribedOperation>>;
  webhooks?: Record<string, Record<string, DescribedOperation>>;
  tags?: Array<{ name: string; description?: string }>;
};

/** Every operation of the document, the deliveries under `webhooks` included, named `method path`. */
function* operationsOf(document: DescribedDocument): Generator<[string, DescribedOperation]> {
  for (const items of [document.paths, document.webhooks ?? {}]) {
    for (const [path, item] of Object.entries(items)) {
      for (const [method, operation] of Object.entries(item)) yield [`${method} ${path}`, operation];
    }
  }
}

/** `method path` of each operation that matches `applies` and lacks one of `statuses`, with the statuses it lacks. */
function lacking(document: Document, applies: (operation: Operation) => boolean, statuses: string[]): string[] {
  const missing: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const absent = statuses.filter((status) => !(status in operation.responses));
      if (applies(operation) && absent.length > 0) missing.push(`${method} ${path}: ${absent.join(", ")}`);
    }
  }
  return missing;
}

/**
 * The operations that validate a parameter, header or body (each answers 400 when it is malformed: an id over 64
 * characters, a bad Idempotency-Key) yet do not declare 400. A client generated from the document must know it.
 */
export function undeclaredValidationErrors(document: Document): string[] {
  const missing: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const validates = (operation.parameters ?? []).length > 0 || operation.requestBody !== undefined;
      if (validates && !("400" in operation.responses)) missing.push(`${method} ${path}`);
    }
  }
  return missing;
}

/**
 * The operations that take an Idempotency-Key yet do not declare what it can answer: 409 (a retry while the first
 * request runs, or after its answer was lost) and 422 (the key reused with another request).
 */
export function undeclaredIdempotencyErrors(document: Document): string[] {
  return lacking(document, (operation) => (operation.parameters ?? []).some((p) => p.name.toLowerCase() === "idempotency-key"), ["409", "422"]);
}

/**
 * Whether `method path` declares `status` and names `code` in that answer's description: a client that switches on
 * the code finds both in the document.
 */
export function declaresError(document: Document, method: string, path: string, status: number, code: string): boolean {
  const answer = document.paths[path]?.[method]?.responses[String(status)];
  return answer?.description?.includes(`\`${code}\``) ?? false;
}

/** The operations that read a request body yet do not declare 413 (over the size limit) and 415 (another content type). */
export function undeclaredBodyErrors(document: Document): string[] {
  return lacking(document, (operation) => operation.requestBody !== undefined, ["413", "415"]);
}

/** Declared error statuses (4xx, 5xx) whose answer is not described as the service's error envelope. */
export function errorsWithoutEnvelope(document: Document, envelope: string): string[] {
  const missing: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400 && response.content?.["application/json"]?.schema?.$ref !== envelope) missing.push(`${method} ${path}: ${status}`);
      }
    }
  }
  return missing;
}

/** The operations without a description: the reference would show their summary alone. */
export function undescribedOperations(document: DescribedDocument): string[] {
  return [...operationsOf(document)].filter(([, operation]) => !operation.description?.trim()).map(([name]) => name);
}

/**
 * What is wrong with the document's tags, which group the reference: a tag an operation uses but the global `tags` do not
 * declare, a global tag declared twice, without a description, or that no operation uses.
 */
export function tagProblems(document: DescribedDocument): string[] {
  const declared = document.tags ?? [];
  const used = new Set<string>();
  const problems: string[] = [];
  for (const [name, operation] of operationsOf(document)) {
    for (const tag of operation.tags ?? []) {
      used.add(tag);
      if (!declared.some((global) => global.name === tag)) problems.push(`${name}: tag ${tag} is not declared`);
    }
  }
  declared.forEach(({ name, description }, index) => {
    if (declared.findIndex((global) => global.name === name) !== index) problems.push(`tag ${name} is declared twice`);
    if (!description?.trim()) problems.push(`tag ${name} has no description`);
    if (!used.has(name)) problems.push(`tag ${name} is used by no operation`);
  });
  return problems;
}

/** The codes one answer's description documents: it reads "`code`: meaning; `code`: meaning". */
function codesIn(description: string | undefined): string[] {
  return [...(description ?? "").matchAll(/(?:^|; )`([a-z0-9_]+)`: /g)].map((match) => match[1]!);
}

/** The error codes each operation documents, by `METHOD path`, each with the status it is documented under. */
export function documentedErrorCodes(document: Document): Map<string, Map<string, number>> {
  const byOperation = new Map<string, Map<string, number>>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const codes = new Map<string, number>();
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) for (const code of codesIn(response.description)) codes.set(code, Number(status));
      }
      byOperation.set(`${method.toUpperCase()} ${path}`, codes);
    }
  }
  return byOperation;
}

/**
 * What the error answers of the document say against the service's catalogue: an answer naming no code, a code the
 * catalogue lacks or has under another status, and an operation without the catalogue's internal error (any
 * operation can fail unexpectedly).
 */
export function errorCodeProblems(document: Document, statusOf: Readonly<Record<string, number>>, internal: string): string[] {
  const problems: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const codes = codesIn(response.description);
        if (codes.length === 0) problems.push(`${method} ${path}: ${status} names no code`);
        for (const code of codes) if (statusOf[code] !== Number(status)) problems.push(`${method} ${path}: ${status} names ${code}`);
      }
      if (!codesIn(operation.responses["500"]?.description).includes(internal)) problems.push(`${method} ${path}: no ${internal}`);
    }
  }
  return problems;
}
