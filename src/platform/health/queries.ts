/** Whether D1 answers a trivial query: "failed" on an error or a wrong answer, never a throw. */
export async function databaseCheck(d1: D1Database): Promise<"ok" | "failed"> {
  return d1
    .prepare("SELECT 1 AS ok")
    .first<{ ok: number }>()
    .then(
      (row) => (row?.ok === 1 ? "ok" : "failed"),
      () => "failed" as const,
    );
}
