// The app factory both services build on: request ids, security headers, the service's error envelope for
// every failure (validation, 404, 405, 413, 415, 500), and the OpenAPI document.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, Env } from "hono";
import { HTTPException } from "hono/http-exception";
import { loggableError } from "../d1";
import { newId } from "../ids";
import { ApiError, PlatformError, resolveError, type ErrorCatalogue } from "./errors";
import { namelessParameter } from "./query";
import { describeZodError } from "./validation";

export interface AppVariables {
  requestId: string;
}

export type AppEnv<Bindings extends object, Variables extends object = object> = {
  Bindings: Bindings;
  Variables: AppVariables & Variables;
};

// The request id is set by the first middleware of every app, so every handler may read `c.var.requestId`.
declare module "hono" {
  interface ContextVariableMap {
    requestId: string;
  }
}

export function renderError(c: Context, catalogue: ErrorCatalogue, error: ApiError): Response {
  const { code, status } = resolveError(catalogue, error);
  // Unset only when a failure precedes the request-id middleware.
  const requestId = c.var.requestId ?? newId("req");
  const response = new Response(JSON.stringify(catalogue.render(code, error.message, requestId)), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
  // RFC 9110 section 15.5.2: every 401 carries a challenge; key refusals set a more precise one.
  if (status === 401) response.headers.set("WWW-Authenticate", "Bearer");
  for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
  return response;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPException) {
    if (error.status === 400) return new PlatformError("validation", error.message || "Malformed request");
    if (error.status === 413) return new PlatformError("payload_too_large", "Request body is too large");
    if (error.status === 415) return new PlatformError("unsupported_media_type", "Unsupported content type");
  }
  return new PlatformError("internal", "Internal error");
}

/** The request paths a route path (`/api/v1/sales/:id`) matches. */
export function routePattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z_]+/g, "[^/]+")}$`);
}

/** Compiles the registered (method, path) pairs once, to tell a 405 from a 404. */
function methodsByPath(app: { routes: ReadonlyArray<{ method: string; path: string }> }): Array<{ pattern: RegExp; method: string }> {
  return app.routes
    .filter((route) => route.method !== "ALL" && !route.path.includes("*"))
    .map((route) => ({ method: route.method, pattern: routePattern(route.path) }));
}

/**
 * The policy of every answer that sets none of its own (JSON, CSV, errors, redirects): nothing it holds may load or
 * run anything, and no page may frame it (OWASP REST Security Cheat Sheet). Web pages and the API reference set
 * their own policy, which is kept.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export interface CreateAppOptions {
  catalogue: ErrorCatalogue;
  /** Logs unexpected errors; never sees request bodies or secrets. */
  log?: (message: string, detail: Record<string, unknown>) => void;
}

export function createApp<E extends Env>(options: CreateAppOptions): OpenAPIHono<E> {
  const { catalogue } = options;
  const log = options.log ?? ((message, detail) => console.error(message, JSON.stringify(detail)));
  const app = new OpenAPIHono<E>({
    defaultHook: (result, c) => {
      if (!result.success) throw new PlatformError("validation", describeZodError(result.error, result.target, (result as { data?: unknown }).data));
      // A route that checks its query refuses every parameter it does not document; one without a name (`?=5`) is
      // dropped before the query reaches the check, so it is refused here. Routes that ignore their query ignore it.
      const nameless = result.target === "query" ? namelessParameter(c.req.url) : null;
      if (nameless !== null) {
        throw new PlatformError(
          "validation",
          `query: a parameter has no name (=${nameless.slice(0, 40)}); send only the parameters the route documents`,
        );
      }
    },
  });

  app.use("*", async (c, next) => {
    const requestId = newId("req");
    c.set("requestId", requestId);
    await next();
    const headers = c.res.headers;
    headers.set("X-Request-Id", requestId);
    headers.set("X-Content-Type-Options", "nosniff");
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
    if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", API_CSP);
    if (!headers.has("X-Frame-Options")) headers.set("X-Frame-Options", "DENY");
    if (c.req.url.startsWith("https:")) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  });

  app.onError((error, c) => {
    const apiError = toApiError(error);
    if (apiError instanceof PlatformError && apiError.problem === "internal") {
      log("unhandled error", {
        requestId: c.var.requestId,
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        error: loggableError(error),
      });
    }
    return renderError(c, catalogue, apiError);
  });

  let routeTable: ReturnType<typeof methodsByPath> | undefined;
  app.notFound((c) => {
    routeTable ??= methodsByPath(app);
    // The path as the router read it (percent-decoded), whole; cut only where the message quotes it.
    const path = c.req.path;
    const quoted = path.slice(0, 200);
    const allowed = [...new Set(routeTable.filter((r) => r.pattern.test(path)).map((r) => r.method))];
    if (allowed.length > 0) {
      const response = renderError(c, catalogue, new PlatformError("method_not_allowed", `Method ${c.req.method} is not allowed on ${quoted}`));
      response.headers.set("Allow", allowed.join(", "));
      return response;
    }
    return renderError(c, catalogue, new PlatformError("not_found", `No route for ${c.req.method} ${quoted}`));
  });

  return app;
}
