// The Durable Object that guards an API key, reached from the key itself, for tests that look inside it.
import { guardFor } from "../src/platform/keys/client";
import { hashApiKey } from "../src/platform/keys/format";
import type { KeyGuard } from "../src/platform/keys/guard";

export async function guardForKey(namespace: DurableObjectNamespace<KeyGuard>, key: string) {
  return guardFor(namespace, await hashApiKey(key));
}
