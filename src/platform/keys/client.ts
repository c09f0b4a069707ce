// Management-side access to key guards: write a key's live state, read its snapshot.
import { hashApiKey } from "./format";
import type { KeyGuard, KeySnapshot, KeyState, LifecycleChange } from "./guard";

export function guardFor(namespace: DurableObjectNamespace<KeyGuard>, keyHash: string) {
  return namespace.get(namespace.idFromName(keyHash));
}

export async function putKeyState(namespace: DurableObjectNamespace<KeyGuard>, keyHash: string, state: KeyState): Promise<void> {
  await guardFor(namespace, keyHash).put(state);
}

/** The new lifecycle revision, or null when the key changed since `expectedRevision` (or was revoked). */
export async function changeKeyLifecycle(
  namespace: DurableObjectNamespace<KeyGuard>,
  keyHash: string,
  change: LifecycleChange,
  expectedRevision?: number,
): Promise<number | null> {
  return guardFor(namespace, keyHash).changeLifecycle(change, expectedRevision);
}

export async function keySnapshot(namespace: DurableObjectNamespace<KeyGuard>, keyHash: string): Promise<KeySnapshot> {
  return (await guardFor(namespace, keyHash).snapshot()) as KeySnapshot;
}

export async function guardForKey(namespace: DurableObjectNamespace<KeyGuard>, key: string) {
  return guardFor(namespace, await hashApiKey(key));
}
