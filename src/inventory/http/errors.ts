// The inventory service's error codes (the seed's table plus the management API's), their HTTP statuses,
// and its envelope: `{ "error": <message>, "code": <code> }`.
import { ApiError, type ErrorCatalogue } from "../../platform/http/errors";

const statusOf = {
  bad_request: 400,
  missing_token: 401,
  invalid_api_key: 401,
  key_not_bound: 401,
  unauthorized: 401,
  read_only_key: 403,
  missing_scope: 403,
  plan_required: 403,
  subscription_lapsed: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_key_in_use: 409,
  key_limit_reached: 409,
  insufficient_stock: 409,
  sale_before_last_invoice: 409,
  invoice_sequence_exhausted: 409,
  over_application: 409,
  credit_exceeds_invoice: 409,
  cash_receipt_limit: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type InventoryErrorCode = keyof typeof statusOf;

export const inventoryErrors: ErrorCatalogue = {
  statusOf,
  codeOf: {
    validation: "bad_request",
    not_found: "not_found",
    method_not_allowed: "method_not_allowed",
    payload_too_large: "payload_too_large",
    unsupported_media_type: "unsupported_media_type",
    missing_credentials: "missing_token",
    invalid_credentials: "invalid_api_key",
    rate_limited: "rate_limited",
    unauthenticated: "unauthorized",
    forbidden: "forbidden",
    idempotency_key_in_use: "idempotency_key_in_use",
    idempotency_key_reused: "idempotency_key_reused",
    internal: "internal_error",
  },
  render: (code, message) => ({ error: message, code }),
};

export function inventoryError(code: InventoryErrorCode, message: string): ApiError {
  return new ApiError(code, message);
}
