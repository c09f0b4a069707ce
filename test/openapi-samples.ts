// The sample body an API reference (Swagger UI's "Example Value") shows for a webhook, built from the OpenAPI
// document the Worker serves as Swagger UI builds it: references followed at every depth, each property's example,
// else its first enum value, an array as one sample item.
import { fetchWorker } from "./worker-under-test";

type Schema = {
  type?: string | string[];
  example?: unknown;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
};

function sampleOf(schema: Schema, components: Record<string, Schema>): unknown {
  if (schema.$ref) return sampleOf(components[schema.$ref.split("/").at(-1)!]!, components);
  if (schema.example !== undefined) return schema.example;
  if (schema.properties) return Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, sampleOf(s, components)]));
  if (schema.items) return [sampleOf(schema.items, components)];
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return type === "integer" || type === "number" ? 0 : type === "boolean" ? true : "string";
}

export async function webhookSample(origin: string, type: string): Promise<Record<string, any>> {
  const document = (await (await fetchWorker(`${origin}/api/v1/openapi.json`)).json()) as {
    webhooks: Record<string, { post: { requestBody: { content: { "application/json": { schema: Schema } } } } }>;
    components: { schemas: Record<string, Schema> };
  };
  return sampleOf(document.webhooks[type]!.post.requestBody.content["application/json"].schema, document.components.schemas) as Record<string, any>;
}
