import { createRoute, z } from "@hono/zod-openapi";
import { readBody } from "../../platform/http/body";
import { describeZodError } from "../../platform/http/validation";
import { errorResponses, taxError, type TaxApp, BODY_ERRORS } from "../hono";
import { keySecurity, requireKey, SCOPED_KEY_ERRORS } from "../keys/api-key-auth";
import { parseDocuments } from "../domain/documents";
import { PARSE_ERROR_CODES } from "../domain/documents/types";
import { checkAgainstForm } from "./form-check";
import { DocumentParseQuerySchema, DocumentParseRequestSchema, DocumentParseResultSchema, type DocumentParseRequest } from "./schemas";

export const DOCUMENT_BODY_LIMIT_BYTES = 1_048_576;

const route = createRoute({
  method: "post",
  path: "/api/v1/documents/parse",
  tags: ["Documents"],
  summary: "Form 16 Part B / Form 130 or AIS text into amounts and a ready /compute body",
  description:
    'Send JSON `{type?, text, age?}`, or `{documents: [{type?, text}], age?}` for up to five documents of one person and year (Form 16s of several employers, Form 16 and AIS) to merge, or the text itself as `text/plain` with `?type=&age=` (with a JSON body these query parameters are a 400: give them in the body). Without a type it is detected and reported (`typeSource: "detected"`). The answer carries `computeRequest`, a body POST /compute accepts unchanged, with `unmapped` figures, `conflicts` between documents and `notes` on what it inferred, and for one Form 16 `formCheck`: whether that body computes to rows 12, 13 and 17 as the form prints them. Deterministic, no AI; neither the text nor the result is logged or stored, so a retry simply parses again. An `Idempotency-Key` header is accepted and ignored: every request is parsed afresh, with no replay and no 409 or 422 for a reused key. Body limit 1 MB.',
  security: keySecurity("documents:parse"),
  // No Idempotency-Key middleware: it would keep the parsed figures for 24 hours, and parsing has no effect to
  // guard. The header stays undeclared, as on every route that ignores it: declared, the document would promise
  // `Idempotent-Replayed`, 409 and 422.
  middleware: [
    requireKey("documents:parse"),
    readBody({ maxBytes: DOCUMENT_BODY_LIMIT_BYTES, accept: ["json", "text"], textField: "text" }),
  ] as const,
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
    200: {
      description: "Amounts found, with a /compute body built from them",
      content: { "application/json": { schema: z.object({ data: DocumentParseResultSchema }) } },
    },
    ...errorResponses(...SCOPED_KEY_ERRORS, ...BODY_ERRORS, ...PARSE_ERROR_CODES),
  },
});

/** The text/plain form, its text with the query's type and age, checked by the JSON form's own schema. */
function textForm(request: { text: string; type?: DocumentParseRequest["type"]; age?: number | undefined }): DocumentParseRequest {
  const parsed = DocumentParseRequestSchema.safeParse(request);
  if (!parsed.success) throw taxError("validation_error", describeZodError(parsed.error, "body", request));
  return parsed.data;
}

export function registerParseDocument(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const isJson = !(c.req.header("Content-Type") ?? "").toLowerCase().startsWith("text/plain");
    const query = c.req.valid("query");
    // The query carries the text/plain form's type and age; beside a JSON body it would be silently ignored.
    const misplaced = isJson ? (["type", "age"] as const).find((name) => query[name] !== undefined) : undefined;
    if (misplaced) throw taxError("validation_error", `${misplaced}: give it in the JSON body; ?${misplaced}= is for a text/plain body`);
    // A text/plain body is the text itself; a JSON body arrives validated as the request object.
    const sent = isJson ? c.req.valid("json") : await c.req.text();
    const body = typeof sent === "string" ? textForm({ ...query, text: sent }) : sent;
    const inputs = body.documents ?? [{ text: body.text ?? "", ...(body.type ? { type: body.type } : {}) }];
    const result = parseDocuments(inputs, body.age === undefined ? {} : { age: body.age });
    if (!result.ok) {
      const where = body.documents === undefined ? "" : `documents[${result.index}]: `;
      throw taxError(result.error.code, `${where}${result.error.message}`);
    }
    const merged = {
      computeRequest: result.computeRequest,
      unmapped: result.unmapped,
      conflicts: result.conflicts,
      notes: result.notes,
      formCheck: checkAgainstForm(result.documents, result.computeRequest),
    };
    const data = body.documents === undefined ? { ...result.documents[0]!, ...merged } : { documents: result.documents, ...merged };
    return c.json({ data }, 200);
  });
}
