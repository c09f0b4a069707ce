// Management-side access to key guards: write a key's live state, read its snapshot.
import type { KeyGuard, KeyPolicy, KeySnapshot, KeyState, LifecycleChange, LifecycleOutcome, UsageCounts } from "./guard";

export function guardFor(namespace: DurableObjectNamespace<KeyGuard>, keyHash: string) {
  return namespace.get(namespace.idFromName(keyHash));
}

export async function putKeyState(namespace: DurableObjectNamespace<KeyGuard>, keyHash: string, state: KeyState): Promise<void> {
  await guardFor(namespace, keyHash).put(state);
}

/**
 * The new lifecycle revision (null when the key changed since `expectedRevision`, or was revoked) and the key's
 * counters at the change, for its replacement to inherit.
 */
export async function changeKeyLifecycle(
  namespace: DurableObjectNamespace<KeyGuard>,
  keyHash: string,
  change: LifecycleChange,
  expectedRevision?: number,
): Promise<LifecycleOutcome> {
  return guardFor(namespace, keyHash).changeLifecycle(change, expectedRevision);
}

/** Starts a replacement key from the counters of the key it replaces: replacing a key resets none of its limits. */
export async function inheritKeyUsage(namespace: DurableObjectNamespace<KeyGuard>, keyHash: string, usage: UsageCounts): Promise<void> {
  await guardFor(namespace, keyHash).inheritUsage(usage);
}

export async function keySnapshot(namespace: DurableObjectNamespace<KeyGuard>, keyHash: string): Promise<KeySnapshot> {
  return guardFor(namespace, keyHash).snapshot();
}

export interface PolicySource<Owner> {
  /** The owner (organisation, account) as stored now; undefined once it is gone. */
  read: () => Promise<Owner | undefined>;
  /** Whether two readings of the owner give its keys the same policy. */
  same: (a: Owner, b: Owner) => boolean;
  policy: (owner: Owner) => KeyPolicy;
}

/**
 * Brings keys to their owner's current policy: applies it, reads the owner again, and repeats while the owner
 * changed. `applied` is the owner the keys' state was built from (null: apply at least once).
 *
 * Why every interleaving converges: a policy change writes the owner's row, then lists its keys and settles
 * them; a new key writes its guard state, then inserts its row, then settles itself. D1 runs statements one at a
 * time. So a key is either in the list of the last policy change (its row came before the list, its guard state
 * before that), or its own settle reads the owner after the last change. And whoever applies a policy reads
 * the owner again after the apply has landed: a stale apply is always followed by a read that sees the newer
 * owner, hence by an apply of it. The last apply each key receives is therefore the owner's final policy.
 */
export async function settleKeyPolicy<Owner>(
  namespace: DurableObjectNamespace<KeyGuard>,
  keyHashes: readonly string[],
  source: PolicySource<Owner>,
  applied: Owner | null,
): Promise<void> {
  let current = await source.read();
  while (current !== undefined && (applied === null || !source.same(applied, current))) {
    const policy = source.policy(current);
    await Promise.all(keyHashes.map((keyHash) => guardFor(namespace, keyHash).applyPolicy(policy)));
    applied = current;
    current = await source.read();
  }
}
