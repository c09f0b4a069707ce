// A dashboard is rendered from its service's own management API, called inside the Worker with the user's
// cookie. When a call fails, only a 401 (or a 404: the account or organisation is gone) means the session has
// ended: a 429 (the account's management limit) or a server failure must not send a signed-in user to sign in
// again, into the same limit.

/**
 * The headers of a page's own management call: the page request's cookie, and its client's address, so the
 * per-network management limit counts the page's calls as it counts the client's direct ones.
 */
export function dashboardCallHeaders(page: { header(name: string): string | undefined }): Record<string, string> {
  const address = page.header("CF-Connecting-IP");
  return { Cookie: page.header("Cookie") ?? "", Accept: "application/json", ...(address === undefined ? {} : { "CF-Connecting-IP": address }) };
}

/** How a dashboard call failed, when it was not the session's refusal. */
export interface DashboardRefusal {
  status: number;
  retryAfter: string | null;
  /** The call's path without its query, and its own X-Request-Id: what the page's log line names. */
  path: string;
  innerRequestId: string | null;
}

export function dashboardCalls(request: (path: string) => Promise<Response>) {
  let refusal: DashboardRefusal | null = null;
  const fetchBody = async <T>(path: string): Promise<T | null> => {
    const response = await request(path);
    if (response.ok) return (await response.json()) as T;
    if (refusal === null && response.status !== 401 && response.status !== 404)
      refusal = {
        status: response.status,
        retryAfter: response.headers.get("Retry-After"),
        path: path.replace(/\?.*/, ""),
        innerRequestId: response.headers.get("X-Request-Id"),
      };
    return null;
  };
  const call = async <T>(path: string): Promise<T | null> => (await fetchBody<{ data: T }>(path))?.data ?? null;
  return { fetchBody, call, refusal: (): DashboardRefusal | null => refusal };
}

/**
 * What the page says, with which status and headers, when its dashboard could not be loaded. A 503 is logged under the
 * page's `requestId`: the failing call logged its cause under its own id, which the user never sees.
 */
export function dashboardFailure(
  refusal: DashboardRefusal | null,
  requestId: string,
): { status: 401 | 429 | 503; message: string; headers: Record<string, string> } {
  if (refusal === null) return { status: 401, message: "Your session has ended. Sign in again.", headers: {} };
  if (refusal.status === 429) {
    const wait = refusal.retryAfter ?? "60";
    return {
      status: 429,
      message: `Too many requests for this account just now; you are still signed in. Reload the page in ${wait} s.`,
      headers: { "Retry-After": wait },
    };
  }
  const { path, status, innerRequestId } = refusal;
  console.error("dashboard call failed", JSON.stringify({ requestId, innerRequestId, path, status }));
  return { status: 503, message: "Your dashboard could not be loaded just now; you are still signed in. Reload the page shortly.", headers: {} };
}
