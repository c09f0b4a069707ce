// Shared by the CSV export routes: a streamed CSV attachment (the header row, RFC 4180, formula guard on text
// cells, a UTF-8 byte order mark only when asked for) that carries the read session's bookmark.
import { z } from "@hono/zod-openapi";
import { loggableError } from "../../platform/d1";
import { csvStream, type CsvCell } from "../domain/csv";
import { istDateOf } from "../domain/ist";
import { EXPORT_ROW_CAP, PAGE_ROWS } from "./queries";
import { errorResponses } from "../http/schemas";
import type { InventoryErrorCode } from "../http/errors";
import { readHeaders } from "../http/wire-formats";
import { KEY_ERRORS } from "../keys/api-key-auth";

export const ExportQuery = z
  .object({
    bom: z
      .enum(["true", "false"])
      .optional()
      .openapi({
        description:
          "`true` starts the file with a UTF-8 byte order mark, which Excel needs to read ₹ and Indian-script names correctly; without it (the default) parsers do not read the mark into the first header",
      })
      .transform((bom) => bom === "true"),
  })
  .strict();

/** An export's responses: the CSV, and the errors of its key and query with `codes` of its own. */
export function csvResponses(description: string, ...codes: InventoryErrorCode[]) {
  return {
    200: {
      description,
      headers: {
        "Content-Disposition": { description: '`attachment; filename="<export>-<IST date>.csv"`', schema: { type: "string" as const } },
        "X-Export-Truncated": {
          description: `true when a source table held more than ${EXPORT_ROW_CAP} rows and only the first ${EXPORT_ROW_CAP} were written`,
          schema: { type: "string" as const, enum: ["true", "false"] },
        },
        ...readHeaders,
      },
      content: {
        "text/csv; charset=utf-8": {
          schema: z.string().openapi({ description: "UTF-8 (with a byte order mark only for `bom=true`), CRLF line ends, header row first" }),
        },
      },
    },
    ...errorResponses(...KEY_ERRORS, "bad_request", ...codes),
  };
}

/** The request an export answers, as its failure's log line names it: a Hono context. */
export interface ExportRequest {
  var: { requestId: string };
  req: { path: string };
}

/**
 * The CSV attachment. Its first page of rows is read and made into cells before the response starts: errors of
 * exports are JSON in the standard error body, and a failure once the 200 has gone could only cut the file short.
 */
export async function csvResponse(
  c: ExportRequest,
  name: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
  options: { truncated: boolean; bom: boolean; headers: Record<string, string> },
): Promise<Response> {
  const source = rows[Symbol.asyncIterator]();
  const firstPage: (readonly CsvCell[])[] = [];
  let next = await source.next();
  for (; !next.done; next = await source.next()) {
    firstPage.push(next.value);
    if (firstPage.length === PAGE_ROWS) break;
  }
  const rest = next.done ? null : source;
  // The app's error handler never sees a failure once the 200 has gone: it is logged here, as that handler would.
  const failed = (error: unknown) =>
    console.error("export failed mid-stream", JSON.stringify({ requestId: c.var.requestId, path: c.req.path, error: loggableError(error) }));
  return new Response(csvStream(header, startingWith(firstPage, rest, failed), { bom: options.bom }), {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${istDateOf(Date.now())}.csv"`,
      "X-Export-Truncated": String(options.truncated),
      "Cache-Control": "no-store",
      ...options.headers,
    },
  });
}

/**
 * The rows already read, then the rest of `source` (null when it has ended). Closing it closes `source`. A failure
 * reading the rest goes to `failed`, then errors the stream, which breaks the download off.
 */
async function* startingWith<T>(read: T[], source: AsyncIterator<T> | null, failed: (error: unknown) => void): AsyncGenerator<T> {
  try {
    yield* read;
    if (source === null) return;
    try {
      for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
    } catch (error) {
      failed(error);
      throw error;
    }
  } finally {
    await source?.return?.();
  }
}

/** Maps rows lazily, so the stream pulls one database page at a time. */
export async function* mapRows<T>(rows: AsyncIterable<T>, toCells: (row: T) => readonly CsvCell[]): AsyncGenerator<readonly CsvCell[]> {
  for await (const row of rows) yield toCells(row);
}
