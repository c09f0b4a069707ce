// Ids as newId makes them, all of one millisecond, whose random parts sort opposite to the order they are
// written in: a list that breaks ties by id shows them reversed, so a test of creation order cannot pass by chance.
import { newId } from "../src/platform/ids";

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

export function sameMillisecondIds(prefix: string, count: number, nowMs: number = Date.now()): string[] {
  const time = newId(prefix, nowMs).slice(0, prefix.length + 11);
  return Array.from({ length: count }, (_, i) => {
    let tail = "";
    for (let rest = 32 ** 6 - 1 - i, n = 0; n < 6; n++, rest = Math.floor(rest / 32)) tail = CROCKFORD[rest % 32] + tail;
    return `${time}${"z".repeat(10)}${tail}`;
  });
}
