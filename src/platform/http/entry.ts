import { newId } from "../ids";
import { API_CSP } from "./app";
import { resolveError, PlatformError, type ErrorCatalogue } from "./errors";

/**
 * A Worker whose env fails validation answers 500 in its envelope and logs which binding or secret is wrong, with the
 * answer's request id: the one a client quotes finds the line.
 */
export function renderEntryFailure(catalogue: ErrorCatalogue, error: unknown): Response {
  const requestId = newId("req");
  console.error(error instanceof Error ? error.message : String(error), JSON.stringify({ requestId }));
  const { code, status } = resolveError(catalogue, new PlatformError("internal", "Internal error"));
  return new Response(JSON.stringify(catalogue.render(code, "Internal error", requestId)), {
    status,
    // The app's header middleware never ran: the same security headers, set here.
    headers: {
      "Content-Type": "application/json",
      "X-Request-Id": requestId,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": API_CSP,
      "X-Frame-Options": "DENY",
    },
  });
}
