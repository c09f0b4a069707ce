// The leaf every tax route imports: the Hono env type, the app factory, the error codes with their HTTP
// statuses and envelope (`{ "error": { "code", "message" }, "requestId" }`), and the envelope's schema.
// It imports no feature, so routes and the composition root never form a cycle.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { createApp, type AppEnv } from "../platform/http/app";
import { BODY_PROBLEMS } from "../platform/http/body";
import { ApiError, errorResponsesOf, type ErrorCatalogue, type PlatformProblem } from "../platform/http/errors";
import { IDEMPOTENCY_PROBLEMS } from "../platform/http/idempotency";
import type { ApiKeyVariables } from "../platform/keys/middleware";
import type { TaxEnv } from "./env";
import { isoTime } from "../platform/pure/dates";

export type TaxAppEnv = AppEnv<TaxEnv, ApiKeyVariables>;
export type TaxApp = OpenAPIHono<TaxAppEnv>;

const statusOf = {
  validation_error: 400,
  unauthorized: 401,
  invalid_api_key: 401,
  invalid_signature: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_key_in_use: 409,
  idempotency_answer_lost: 409,
  key_limit_reached: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unrecognised_document: 422,
  no_items_found: 422,
  encrypted_ais_json: 422,
  unsupported_json: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type TaxErrorCode = keyof typeof statusOf;

/** What each code means, for the OpenAPI document (every code must have one). */
const meaningOf: Record<TaxErrorCode, string> = {
  validation_error: "the request is malformed; the message names the field",
  unauthorized: "no or malformed credentials",
  invalid_api_key: "unknown, expired or revoked key",
  invalid_signature: "the payment provider's signature does not match",
  forbidden: "the key lacks the operation's scope, or the session may not act on this resource",
  not_found: "no such resource for this caller",
  method_not_allowed: "the path exists, the method does not",
  conflict: "the change conflicts with the current state (the message says which)",
  idempotency_key_in_use: "a request with the same Idempotency-Key is still running",
  idempotency_answer_lost: "the request with this Idempotency-Key was carried out but ended before its answer was kept (look up its result)",
  key_limit_reached: "the account has the most active keys its plan allows",
  payload_too_large: "the body is over the operation's limit",
  unsupported_media_type: "the body's content type is not one the operation reads",
  unrecognised_document: "the text reads as neither Form 16 nor AIS",
  no_items_found: "no Form 16 line item or AIS entry was recognised",
  encrypted_ais_json: "the AIS JSON as downloaded, still encrypted",
  unsupported_json: "JSON that is not the AIS utility JSON",
  idempotency_key_reused: "the Idempotency-Key was used with a different request",
  rate_limited: "over the limit; see `Retry-After`",
  internal_error: "an unexpected failure; nothing about the cause is disclosed",
  service_unavailable: "a dependency is unavailable for now; retry later",
};

/** The service's code for each problem platform code raises. */
const codeOf = {
  validation: "validation_error",
  not_found: "not_found",
  method_not_allowed: "method_not_allowed",
  payload_too_large: "payload_too_large",
  unsupported_media_type: "unsupported_media_type",
  missing_credentials: "unauthorized",
  invalid_credentials: "invalid_api_key",
  rate_limited: "rate_limited",
  unauthenticated: "unauthorized",
  forbidden: "forbidden",
  conflict: "conflict",
  idempotency_key_in_use: "idempotency_key_in_use",
  idempotency_key_reused: "idempotency_key_reused",
  idempotency_answer_lost: "idempotency_answer_lost",
  internal: "internal_error",
} as const satisfies Record<PlatformProblem, TaxErrorCode>;

export const taxErrors: ErrorCatalogue = {
  statusOf,
  meaningOf,
  codeOf,
  render: (code, message, requestId) => ({ error: { code, message }, requestId }),
};

export function taxError(code: TaxErrorCode, message: string, headers?: Record<string, string>): ApiError {
  return new ApiError(code, message, headers);
}

export function createTaxApp(): TaxApp {
  return createApp<TaxAppEnv>({ catalogue: taxErrors });
}

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "validation_error" }),
      message: z.string().openapi({ example: "profile.salary.grossSalary: must be >= 0" }),
    }),
    requestId: z.string().openapi({ example: "req_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
  })
  .openapi("Error");

const errorContent = { "application/json": { schema: ErrorSchema } };

/**
 * An operation's error responses for the OpenAPI document: the codes it can answer, grouped by status, each with its
 * meaning (`internal_error` always among them).
 */
export function errorResponses(...codes: TaxErrorCode[]) {
  return errorResponsesOf(taxErrors, codes, errorContent);
}

/** The codes of what reading a body and an Idempotency-Key can refuse with (BODY_PROBLEMS, IDEMPOTENCY_PROBLEMS). */
export const BODY_ERRORS = BODY_PROBLEMS.map((problem) => codeOf[problem]);
export const IDEMPOTENCY_ERRORS = IDEMPOTENCY_PROBLEMS.map((problem) => codeOf[problem]);

export const IsoTime = z.string().openapi({ format: "date-time", example: "2026-11-21T10:00:00.000Z" });
export const iso = isoTime;
export const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
