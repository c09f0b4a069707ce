// What both services' tests of expired previous signing secrets share: the same webhook_endpoints columns, the
// overlap ended by moving its expiry back (the workerd clock cannot be moved), and the migration that cleared the
// previous secrets stored before, checked on rows of every kind.
import { env } from "cloudflare:test";
import { expect } from "vitest";

/** The overlap's hour has passed: the expiry is moved back instead of the clock. */
export async function endOverlap(id: string): Promise<void> {
  await env.DB.prepare("UPDATE webhook_endpoints SET previous_secret_expires_at = ? WHERE id = ?")
    .bind(Date.now() - 1, id)
    .run();
}

export async function previousSecretOf(id: string) {
  return env.DB.prepare("SELECT previous_secret AS secret, previous_secret_expires_at AS expiresAt FROM webhook_endpoints WHERE id = ?")
    .bind(id)
    .first<{ secret: string | null; expiresAt: number | null }>();
}

/**
 * Runs `migration` over rows as stored before it (secrets in clear, an endpoint of the owner `ownerColumn` names)
 * and expects every previous secret whose overlap has ended, or that has no expiry (it never signed), cleared, and
 * one still in its overlap kept.
 */
export async function expectExpiredPreviousSecretsDropped(
  migration: readonly string[],
  owner: { column: "owner_id" | "org_id"; id: string },
): Promise<void> {
  const now = Date.now();
  const rows: Array<[name: string, expiresAt: number | null, kept: boolean]> = [
    ["ended a day ago", now - 86_400_000, false],
    ["ended a millisecond ago", now - 1, false],
    ["no expiry, so it never signed", null, false],
    ["ends in an hour", now + 3_600_000, true],
  ];
  const ids: string[] = [];
  for (const [i, [, expiresAt]] of rows.entries()) {
    const id = `whk_previous_${crypto.randomUUID()}`;
    ids.push(id);
    await env.DB.prepare(
      `INSERT INTO webhook_endpoints (id, ${owner.column}, url, events, all_events, secret, previous_secret, previous_secret_expires_at, created_at) VALUES (?, ?, ?, '[]', 1, ?, ?, ?, ?)`,
    )
      .bind(id, owner.id, `https://hooks.example.com/${i}`, `whsec_${"c".repeat(40)}`, `whsec_${"p".repeat(40)}`, expiresAt, now - 2 * 86_400_000)
      .run();
  }
  for (const query of migration) await env.DB.prepare(query).run();
  const after = await Promise.all(ids.map(previousSecretOf));
  expect(after).toEqual(
    rows.map(([, expiresAt, kept]) => (kept ? { secret: `whsec_${"p".repeat(40)}`, expiresAt } : { secret: null, expiresAt: null })),
  );
}
