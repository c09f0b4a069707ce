// One delivery attempt: a POST that never follows redirects, bounded by a timeout, whose outcome is a value
// (never a throw). Only the status, the duration and a short, sanitised error are kept: request headers
// (the signature) and the secret never reach the result or a log.

export interface AttemptRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  fetch: typeof fetch;
  clock: () => number;
}

export interface AttemptResult {
  outcome: "delivered" | "failed";
  /** Unix ms the request started. */
  attemptedAt: number;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

/** How much of a receiver's response is read: enough to free the connection and quote an error. */
const RESPONSE_PEEK_BYTES = 1024;
/** The delivery log quotes the first 200 characters of a response (or of a Location, or a network error). */
const QUOTE_LIMIT = 200;

/** Printable on one line, then the first QUOTE_LIMIT characters (whole code points: an emoji is never cut in two). */
function quote(text: string): string {
  const printable = text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return Array.from(printable).slice(0, QUOTE_LIMIT).join("");
}

/** Reads at most RESPONSE_PEEK_BYTES of the body, then cancels the rest. */
async function peek(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < RESPONSE_PEEK_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.byteLength;
    }
  } catch {
    // A body that fails or times out mid-read does not change the outcome the status already decided.
  } finally {
    reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(Math.min(total, RESPONSE_PEEK_BYTES));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.byteLength - offset);
    bytes.set(part, offset);
    offset += part.byteLength;
    if (offset >= bytes.byteLength) break;
  }
  return new TextDecoder().decode(bytes);
}

function describeFailure(error: unknown, timeoutMs: number): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") return `timeout: no response within ${timeoutMs} ms`;
  const message = error instanceof Error ? error.message : String(error);
  return `network error: ${quote(message)}`;
}

export async function attemptDelivery(request: AttemptRequest): Promise<AttemptResult> {
  const attemptedAt = request.clock();
  const elapsed = () => Math.max(0, request.clock() - attemptedAt);
  let response: Response;
  try {
    response = await request.fetch(request.url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      // A 3xx is returned as-is and counted as a failure: following it would forward the signed request to a
      // location nobody registered (and Workers forward every header on a followed redirect).
      redirect: "manual",
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    return { outcome: "failed", attemptedAt, responseStatus: null, durationMs: elapsed(), error: describeFailure(error, request.timeoutMs) };
  }
  const status = response.status;
  const text = await peek(response);
  const durationMs = elapsed();
  if (status >= 200 && status < 300) return { outcome: "delivered", attemptedAt, responseStatus: status, durationMs, error: null };
  const location = response.headers.get("Location");
  const quoted = quote(text);
  const error =
    status >= 300 && status < 400
      ? `redirect ${status} not followed${location ? ` (Location: ${quote(location)})` : ""}`
      : `HTTP ${status}${quoted ? `: ${quoted}` : ""}`;
  return { outcome: "failed", attemptedAt, responseStatus: status, durationMs, error };
}
