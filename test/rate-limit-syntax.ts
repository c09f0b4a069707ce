// The IETF rate-limit header syntax both services answer with and document
// (draft-ietf-httpapi-ratelimit-headers): policies `"name";q=<quota>;w=<seconds>`, state `"name";r=<left>;t=<seconds>`.
export const RATE_LIMIT_POLICY = /^"(minute|day)";q=\d+;w=\d+(, "(minute|day)";q=\d+;w=\d+)*$/;
export const RATE_LIMIT_STATE = /^"(minute|day)";r=\d+;t=\d+$/;

/** The first `code` span of a header's description in an OpenAPI document's components: its example. */
export function headerExample(document: { components: { headers?: unknown } }, name: string): string | undefined {
  const headers = document.components.headers as Record<string, { description: string }>;
  return /`([^`]+)`/.exec(headers[name]!.description)?.[1];
}
