// Stands in for zod's JSON Schema generator when wrangler bundles a Worker (the [alias] in wrangler.*.toml): the
// modules behind `z.toJSONSchema`, `schema.toJSONSchema()` and Standard Schema's `~standard.jsonSchema`. No Worker
// generates JSON Schema (the OpenAPI document comes from @asteasolutions/zod-to-openapi's own generator), but zod's
// schemas and indexes import these modules, so the bundle would carry their 21 KiB. What a Worker does use is
// `aggregateChecks`, behind the `minLength`, `maxLength` and `format` getters that generator reads: zod's own, taken
// from its file by path because zod's package exports do not name it.
export { aggregateChecks } from "../../node_modules/zod/v4/core/json-schema-processors.js";

function notBundled(): never {
  throw new Error("zod's JSON Schema generation (z.toJSONSchema, .toJSONSchema(), ~standard.jsonSchema) is not bundled in this Worker");
}

// zod/v4/core/to-json-schema.js. Schemas build their `toJSONSchema` and `~standard.jsonSchema` methods on creation
// and on access, so the builders return a method, which refuses when called.
export const createToJSONSchemaMethod = () => notBundled;
export const createStandardJSONSchemaMethod = () => notBundled;
export const initializeContext = notBundled;
export const handleUnrepresentable = notBundled;
export const processSchema = notBundled;
export { processSchema as process };
export const extractDefs = notBundled;
export const finalize = notBundled;

// zod/v4/core/json-schema-processors.js: `z.toJSONSchema` and each schema type's step of it.
export const toJSONSchema = notBundled;
export const allProcessors: Record<string, typeof notBundled> = {};
export const stringProcessor = notBundled;
export const numberProcessor = notBundled;
export const booleanProcessor = notBundled;
export const bigintProcessor = notBundled;
export const symbolProcessor = notBundled;
export const nullProcessor = notBundled;
export const undefinedProcessor = notBundled;
export const voidProcessor = notBundled;
export const neverProcessor = notBundled;
export const anyProcessor = notBundled;
export const unknownProcessor = notBundled;
export const dateProcessor = notBundled;
export const enumProcessor = notBundled;
export const literalProcessor = notBundled;
export const nanProcessor = notBundled;
export const templateLiteralProcessor = notBundled;
export const fileProcessor = notBundled;
export const successProcessor = notBundled;
export const customProcessor = notBundled;
export const functionProcessor = notBundled;
export const transformProcessor = notBundled;
export const mapProcessor = notBundled;
export const setProcessor = notBundled;
export const arrayProcessor = notBundled;
export const objectProcessor = notBundled;
export const unionProcessor = notBundled;
export const intersectionProcessor = notBundled;
export const tupleProcessor = notBundled;
export const recordProcessor = notBundled;
export const nullableProcessor = notBundled;
export const nonoptionalProcessor = notBundled;
export const defaultProcessor = notBundled;
export const prefaultProcessor = notBundled;
export const catchProcessor = notBundled;
export const pipeProcessor = notBundled;
export const readonlyProcessor = notBundled;
export const promiseProcessor = notBundled;
export const optionalProcessor = notBundled;
export const lazyProcessor = notBundled;

// zod/v4/core/json-schema-generator.js: the older class form of `z.toJSONSchema`.
export class JSONSchemaGenerator {
  constructor() {
    notBundled();
  }
}
