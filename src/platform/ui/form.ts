// Reads a small `application/x-www-form-urlencoded` form post (sign in, sign up, sign out) with a byte cap.
import type { Context } from "hono";
import { readRawText } from "../http/body";

export async function readForm(c: Context, maxBytes = 4_096): Promise<URLSearchParams | null> {
  const media = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (media !== "application/x-www-form-urlencoded") return null;
  try {
    return new URLSearchParams(await readRawText(c.req.raw, maxBytes));
  } catch {
    return null;
  }
}
