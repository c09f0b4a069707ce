// The inventory service's error codes (the seed's table plus the management API's), their HTTP statuses,
// and its envelope: `{ "error": <message>, "code": <code> }`.
import { BODY_PROBLEMS } from "../../platform/http/body";
import { ApiError, type ErrorCatalogue, type PlatformProblem } from "../../platform/http/errors";
import { IDEMPOTENCY_PROBLEMS } from "../../platform/http/idempotency";

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
  conflict_retry: 409,
  idempotency_key_in_use: 409,
  idempotency_answer_lost: 409,
  key_limit_reached: 409,
  insufficient_stock: 409,
  sale_before_last_invoice: 409,
  invoice_sequence_exhausted: 409,
  credit_note_before_last_note: 409,
  over_application: 409,
  credit_exceeds_invoice: 409,
  cash_receipt_limit: 409,
  seller_gstin_missing: 409,
  annual_return_already_recorded: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type InventoryErrorCode = keyof typeof statusOf;

/** What each code means, for the OpenAPI document (every code must have one). */
const meaningOf: Record<InventoryErrorCode, string> = {
  bad_request: "the request is malformed; the message names the field",
  missing_token: "no `Authorization: Bearer` key",
  invalid_api_key: "unknown, expired or revoked key",
  key_not_bound: "the key belongs to no organisation",
  unauthorized: "management API: no or wrong operator token or session",
  read_only_key: "a read-only key tried to write",
  missing_scope: "the key lacks the operation's scope",
  plan_required: "the organisation's plan does not include the REST API",
  subscription_lapsed: "the organisation's subscription has lapsed",
  forbidden: "management API: a session doing an operator-only operation, or a write without its CSRF token (`X-CSRF-Token`)",
  not_found: "no such resource for this caller",
  method_not_allowed: "the path exists, the method does not",
  conflict: "the change conflicts with the current state (the message says which)",
  conflict_retry:
    "other writes kept changing what this write depends on (a payment's, credit note's or return's invoice, a damaged lot) while it was being recorded; nothing was written: send it again (with a new Idempotency-Key if you used one)",
  idempotency_key_in_use: "a request with the same Idempotency-Key is still running",
  idempotency_answer_lost: "the request with this Idempotency-Key was carried out but ended before its answer was kept (look up its result)",
  key_limit_reached: "the organisation has the most active keys allowed or, for a rotation, the most rotated keys still in their grace",
  insufficient_stock: "a lot lacks the kg; nothing was changed",
  sale_before_last_invoice: "a sale dated before the financial year's last invoice",
  invoice_sequence_exhausted: "the financial year's invoice numbers are used up",
  credit_note_before_last_note: "a credit note (a sales return's included) dated before the financial year's last credit note",
  over_application: "the payment exceeds the invoice's outstanding (named in the message)",
  credit_exceeds_invoice: "the credit note exceeds what the invoice has left to credit",
  cash_receipt_limit: "a cash receipt of ₹2,00,000 or more from one person (s.269ST)",
  seller_gstin_missing: "the organisation has no GSTIN yet; a supplier not registered for GST may not charge it (CGST Act s.32)",
  annual_return_already_recorded: "the financial year's annual return is already recorded with another filing date, which is never changed",
  payload_too_large: "the body is over the operation's limit",
  unsupported_media_type: "the body is not JSON",
  idempotency_key_reused: "the Idempotency-Key was used with a different request",
  rate_limited: "over the limit; see `Retry-After`",
  internal_error: "an unexpected failure; no database details are disclosed",
  service_unavailable: "a dependency is unavailable for now; retry later",
};

/** The service's code for each problem platform code raises. */
const codeOf = {
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
  conflict: "conflict",
  idempotency_key_in_use: "idempotency_key_in_use",
  idempotency_key_reused: "idempotency_key_reused",
  idempotency_answer_lost: "idempotency_answer_lost",
  internal: "internal_error",
} as const satisfies Record<PlatformProblem, InventoryErrorCode>;

export const inventoryErrors: ErrorCatalogue = {
  statusOf,
  meaningOf,
  codeOf,
  render: (code, message) => ({ error: message, code }),
};

export function inventoryError(code: InventoryErrorCode, message: string, headers?: Record<string, string>): ApiError {
  return new ApiError(code, message, headers);
}

/** The codes of what reading a body and an Idempotency-Key can refuse with (BODY_PROBLEMS, IDEMPOTENCY_PROBLEMS). */
export const BODY_ERRORS = BODY_PROBLEMS.map((problem) => codeOf[problem]);
export const IDEMPOTENCY_ERRORS = IDEMPOTENCY_PROBLEMS.map((problem) => codeOf[problem]);
