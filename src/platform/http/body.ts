// Reads a request body once, with a hard byte limit enforced while streaming (Content-Length can lie),
// strict UTF-8, and a content-type check, then hands the parsed value to the zod validator.
import type { MiddlewareHandler } from "hono";
import { PlatformError } from "./errors";

export type BodyKind = "json" | "text";

const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/;

function mediaKind(contentType: string | undefined): BodyKind | null {
  if (!contentType) return null;
  const media = contentType.split(";")[0]!.trim().toLowerCase();
  if (JSON_MEDIA.test(media)) return "json";
  if (media === "text/plain") return "text";
  return null;
}

async function readLimited(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new PlatformError("payload_too_large", `Request body exceeds ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** The exact body text, for signature checks that must see the raw bytes before any parsing. */
export async function readRawText(request: Request, maxBytes: number): Promise<string> {
  if (Number(request.headers.get("Content-Length") ?? "0") > maxBytes) {
    throw new PlatformError("payload_too_large", `Request body exceeds ${maxBytes} bytes`);
  }
  const bytes = request.body ? await readLimited(request.body, maxBytes) : new Uint8Array();
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new PlatformError("validation", "Request body is not valid UTF-8");
  }
}

export interface ReadBodyOptions {
  maxBytes: number;
  accept?: BodyKind[];
  /** An empty body (no bytes, with or without a Content-Type) is read as `{}`. */
  optional?: boolean;
}

export function readBody(options: ReadBodyOptions): MiddlewareHandler {
  const accept = options.accept ?? ["json"];
  return async (c, next) => {
    const declared = Number(c.req.header("Content-Length") ?? "0");
    if (declared > options.maxBytes) throw new PlatformError("payload_too_large", `Request body exceeds ${options.maxBytes} bytes`);
    const contentType = c.req.header("Content-Type");
    const kind = mediaKind(contentType);
    const raw = c.req.raw.body;

    const unsupported = () => new PlatformError("unsupported_media_type", `Content-Type must be ${accept.map(describe).join(" or ")}`);
    if (contentType && (!kind || !accept.includes(kind))) throw unsupported();
    const bytes = raw ? await readLimited(raw, options.maxBytes) : new Uint8Array();
    // An optional body may be left out with or without a Content-Type (curl -H 'Content-Type: application/json'
    // with no -d sends none): no bytes read as `{}`.
    if (options.optional && bytes.byteLength === 0) {
      c.req.bodyCache.json = Promise.resolve({});
      return next();
    }
    if (!kind) throw unsupported();
    let text: string;
    try {
      text = strictUtf8.decode(bytes);
    } catch {
      throw new PlatformError("validation", "Request body is not valid UTF-8");
    }
    if (kind === "json") {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new PlatformError("validation", "Request body is not valid JSON");
      }
      c.req.bodyCache.json = Promise.resolve(value);
    } else {
      // Hono's body cache holds promises at run time although its type says string.
      c.req.bodyCache.text = Promise.resolve(text) as unknown as string;
    }
    return next();
  };
}

function describe(kind: BodyKind): string {
  return kind === "json" ? "application/json" : "text/plain";
}
