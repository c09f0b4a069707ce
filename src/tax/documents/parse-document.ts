import { createRoute, z } from "@hono/zod-openapi";
import { readBody } from "../../platform/http/body";
import { errorResponses, taxError, type TaxApp } from "../hono";
import { bearerSecurity, requireKey } from "../keys/api-key-auth";
import { parseDocument } from "../domain/documents";
import { DocumentParseQuerySchema, DocumentParseRequestSchema, ParsedDocumentSchema, type DocumentParseRequest } from "./schemas";

export const DOCUMENT_BODY_LIMIT_BYTES = 1_048_576;

const route = createRoute({
  method: "post",
  path: "/api/v1/documents/parse",
  tags: ["Documents"],
  summary: "Form 16 Part B / Form 130 or AIS text into amounts and a pre-filled /compute profile",
  description:
    "Send JSON `{type?, text}` or the text itself as `text/plain` with `?type=`. Without a type it is detected and reported (`typeSource: \"detected\"`). Deterministic, no AI, nothing stored or logged. Body limit 1 MB.",
  security: bearerSecurity,
  middleware: [requireKey("documents:parse"), readBody({ maxBytes: DOCUMENT_BODY_LIMIT_BYTES, accept: ["json", "text"] })] as const,
  request: {
    query: DocumentParseQuerySchema,
    // Not `required`: zod-openapi would then run the JSON validator on text/plain bodies too. readBody
    // already refuses a missing or other content type (415).
    body: {
      required: false,
      content: {
        "application/json": { schema: DocumentParseRequestSchema },
        "text/plain": { schema: z.string().openapi({ description: "The document's text" }) },
      },
    },
  },
  responses: {
    200: { description: "Amounts found", content: { "application/json": { schema: z.object({ data: ParsedDocumentSchema }) } } },
    ...errorResponses(400, 401, 403, 413, 415, 422, 429),
  },
});

export function registerParseDocument(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const isJson = !(c.req.header("Content-Type") ?? "").toLowerCase().startsWith("text/plain");
    // Only the JSON form is validated by zod; the text/plain form is the text itself.
    const { type, text } = isJson ? (c.req.valid("json") as DocumentParseRequest) : { type: c.req.valid("query").type, text: await c.req.text() };
    if (text.trim() === "") throw taxError("validation_error", "text: is empty");
    if (text.includes("\u0000")) throw taxError("validation_error", "text: contains NUL bytes; send the document's text, not the binary file");
    const result = parseDocument(text, type);
    if (!result.ok) throw taxError("unprocessable_document", `${result.error.code}: ${result.error.message}`);
    return c.json({ data: result.document }, 200);
  });
}
