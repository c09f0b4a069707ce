// The tax service's error codes, their HTTP statuses, and its envelope:
// `{ "error": { "code", "message" }, "requestId" }`.
import { ApiError, type ErrorCatalogue } from "../platform/http/errors";

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
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable_document: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type TaxErrorCode = keyof typeof statusOf;

export const taxErrors: ErrorCatalogue = {
  statusOf,
  codeOf: {
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
    idempotency_key_in_use: "idempotency_key_in_use",
    idempotency_key_reused: "idempotency_key_reused",
    internal: "internal_error",
  },
  render: (code, message, requestId) => ({ error: { code, message }, requestId }),
};

export function taxError(code: TaxErrorCode, message: string): ApiError {
  return new ApiError(code, message);
}
