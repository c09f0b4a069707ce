// One delivery attempt: a POST that never follows redirects, bounded by a timeout, whose outcome is a value
// (never a throw). The timeout bounds the whole attempt, a failure's body included: the runtime need not end a
// body read when the fetch's signal aborts, so every wait on the receiver is raced against the deadline itself.
// Only the status, the duration and a short, sanitised error are kept: request headers (the signature) and the
// secret never reach the result or a log.

export interface AttemptRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Ends the attempt; `AbortSignal.timeout(timeoutMs)` unless given (a test's own deadline, aborted by hand). */
  deadline?: AbortSignal;
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

/**
 * Printable on one line, then the first QUOTE_LIMIT characters (whole code points: an emoji is never cut in two).
 * C1 controls count too, and with them NEL (U+0085), which breaks a line like LS and PS (U+2028, U+2029).
 */
function quote(text: string): string {
  const printable = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
  return Array.from(printable).slice(0, QUOTE_LIMIT).join("");
}

/** Settles when the deadline passes; never rejects. */
function whenPassed(deadline: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (deadline.aborted) resolve();
    else deadline.addEventListener("abort", () => resolve(), { once: true });
  });
}

/** Reads at most RESPONSE_PEEK_BYTES of the body, or what arrived before the deadline, then cancels the rest. */
async function peek(response: Response, deadlinePassed: Promise<void>): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const cutOff = deadlinePassed.then(() => ({ done: true as const, value: undefined }));
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < RESPONSE_PEEK_BYTES) {
      const { done, value } = await Promise.race([reader.read(), cutOff]);
      if (done) break;
      chunks.push(value);
      total += value.byteLength;
    }
  } catch {
    // A body that fails mid-read does not change the outcome the status already decided.
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

function describeFailure(error: unknown, timeoutMs: number, timedOut: boolean): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (timedOut || name === "TimeoutError" || name === "AbortError") return `timeout: no response within ${timeoutMs} ms`;
  const message = error instanceof Error ? error.message : String(error);
  return `network error: ${quote(message)}`;
}

export async function attemptDelivery(request: AttemptRequest): Promise<AttemptResult> {
  const attemptedAt = request.clock();
  const elapsed = () => Math.max(0, request.clock() - attemptedAt);
  const deadline = request.deadline ?? AbortSignal.timeout(request.timeoutMs);
  const deadlinePassed = whenPassed(deadline);
  // Async, so a fetch that throws at once is a rejection like any other.
  const sent = (async () =>
    request.fetch(request.url, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      // A 3xx is returned as-is and counted as a failure: following it would forward the signed request to a
      // location nobody registered (and Workers forward every header on a followed redirect).
      redirect: "manual",
      signal: deadline,
    }))();
  let response: Response;
  try {
    response = await Promise.race([sent, deadlinePassed.then(() => Promise.reject(deadline.reason))]);
  } catch (error) {
    // Headers that come after the deadline are not waited for; their body is let go unread.
    sent.then(
      (late) => late.body?.cancel().catch(() => {}),
      () => {},
    );
    return {
      outcome: "failed",
      attemptedAt,
      responseStatus: null,
      durationMs: elapsed(),
      error: describeFailure(error, request.timeoutMs, deadline.aborted),
    };
  }
  const status = response.status;
  if (status >= 200 && status < 300) {
    // The status decides; the body is cancelled unread, so a receiver that stalls it holds nothing.
    response.body?.cancel().catch(() => {});
    return { outcome: "delivered", attemptedAt, responseStatus: status, durationMs: elapsed(), error: null };
  }
  const text = await peek(response, deadlinePassed);
  const durationMs = elapsed();
  const location = response.headers.get("Location");
  const quoted = quote(text);
  const error =
    status >= 300 && status < 400
      ? `redirect ${status} not followed${location ? ` (Location: ${quote(location)})` : ""}`
      : `HTTP ${status}${quoted ? `: ${quoted}` : ""}`;
  return { outcome: "failed", attemptedAt, responseStatus: status, durationMs, error };
}
