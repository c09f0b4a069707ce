// What the reconciliation tests over generated books share: a seeded generator (the same books on every run) and
// exact decimal strings both ways, without floating point.

/** mulberry32. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), chance: (p: number) => next() < p };
}

const scaled = (text: string, decimals: number) => {
  const [whole, fraction = ""] = text.replace("-", "").split(".");
  const value = Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, "0"));
  return text.startsWith("-") ? -value : value;
};

export const print = (value: number, decimals: number) =>
  `${value < 0 ? "-" : ""}${Math.floor(Math.abs(value) / 10 ** decimals)}.${String(Math.abs(value) % 10 ** decimals).padStart(decimals, "0")}`;

/** "-1250.05" → -125005. */
export const paise = (text: string) => scaled(text, 2);
export const grams = (text: string) => scaled(text, 3);
/** -125005 → "-1250.05". */
export const rupees = (value: number) => print(value, 2);
