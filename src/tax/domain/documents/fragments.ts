// Multi-fragment search over compact text (lower-case letters, digits and brackets, as `compact` in lines.ts
// produces). The fragments are compiled once, at module load, into an Aho-Corasick automaton with a dense
// transition table, so finding which of many fragments occur in a label is one pass over the label whatever
// the number of fragments: no per-fragment `includes`, no regex, no allocation per scan.

// The compact alphabet: a-z, 0-9, "(" and ")". Upper-case ASCII letters map to their lower-case symbol.
const SYMBOLS = 38;
const SYMBOL_OF = new Int8Array(128).fill(-1);
for (let i = 0; i < 26; i++) {
  SYMBOL_OF[97 + i] = i;
  SYMBOL_OF[65 + i] = i;
}
for (let i = 0; i < 10; i++) SYMBOL_OF[48 + i] = 26 + i;
SYMBOL_OF[40] = 36;
SYMBOL_OF[41] = 37;

export interface FragmentIndex {
  /** The fragments, by id. */
  readonly fragments: readonly string[];
  /**
   * Transition table over row offsets (state * SYMBOLS): next[offset + symbol] is the next state's offset, or its
   * bitwise complement when fragments end at that state, so the common case reads one entry per character.
   */
  readonly next: Int32Array;
  /** Fragment ids ending at each state (own and through suffix links): outIds[outStart[s]..outStart[s+1]). */
  readonly outStart: Int32Array;
  readonly outIds: Int32Array;
}

/**
 * Compiles distinct fragments (each non-empty, compact characters only) into an automaton. Runs at module load, so
 * it works row by row (a state's row starts as a copy of its suffix link's row, and only its own trie edges are
 * written over it) rather than symbol by symbol: a fresh isolate then finishes it without compiling it, instead of
 * having the compiler busy with it while the first document is parsed.
 */
export function buildFragmentIndex(fragments: readonly string[]): FragmentIndex {
  // The trie: goto[state * SYMBOLS + symbol] is the child state or -1, and edges[state] lists the symbols with a
  // child, in the order first added.
  let capacity = 1;
  for (const fragment of fragments) capacity += fragment.length;
  const goto = new Int32Array(capacity * SYMBOLS).fill(-1);
  const edges: number[][] = [[]];
  const own: number[][] = [[]];
  fragments.forEach((fragment, id) => {
    if (fragment.length === 0) throw new Error("empty fragment");
    let state = 0;
    for (let i = 0; i < fragment.length; i++) {
      const code = fragment.charCodeAt(i);
      const symbol = code < 128 ? SYMBOL_OF[code]! : -1;
      if (symbol < 0 || (code >= 65 && code <= 90)) throw new Error(`fragment "${fragment}" is not compact`);
      let to = goto[state * SYMBOLS + symbol]!;
      if (to < 0) {
        to = edges.length;
        edges.push([]);
        own.push([]);
        goto[state * SYMBOLS + symbol] = to;
        edges[state]!.push(symbol);
      }
      state = to;
    }
    own[state]!.push(id);
  });

  // Breadth-first: suffix links, completed transitions and output lists (a state's own ids, then its link's). A
  // state's row is its link's row (already complete: the link is shallower) with its own edges written over it.
  // Entries are stored encoded as they are written (see `next`): whether fragments end at a state is known once
  // its link is, and the link is found before the state is queued.
  const states = edges.length;
  const next = new Int32Array(states * SYMBOLS);
  const link = new Int32Array(states);
  const outputs: number[][] = new Array<number[]>(states);
  outputs[0] = own[0]!;
  const ends = new Uint8Array(states);
  const encoded = (to: number): number => (ends[to] === 1 ? ~(to * SYMBOLS) : to * SYMBOLS);
  const queue: number[] = [];
  for (const symbol of edges[0]!) {
    const to = goto[symbol]!;
    link[to] = 0;
    ends[to] = own[to]!.length > 0 ? 1 : 0;
    next[symbol] = encoded(to);
    queue.push(to);
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head]!;
    outputs[state] = [...own[state]!, ...outputs[link[state]!]!];
    const row = state * SYMBOLS;
    next.copyWithin(row, link[state]! * SYMBOLS, link[state]! * SYMBOLS + SYMBOLS);
    for (const symbol of edges[state]!) {
      const to = goto[row + symbol]!;
      const fallback = next[link[state]! * SYMBOLS + symbol]!;
      link[to] = (fallback < 0 ? ~fallback : fallback) / SYMBOLS;
      ends[to] = own[to]!.length > 0 || ends[link[to]!] === 1 ? 1 : 0;
      next[row + symbol] = encoded(to);
      queue.push(to);
    }
  }
  const outStart = new Int32Array(states + 1);
  const flat: number[] = [];
  for (let state = 0; state < states; state++) {
    outStart[state] = flat.length;
    flat.push(...outputs[state]!);
  }
  outStart[states] = flat.length;
  return { fragments, next, outStart, outIds: Int32Array.from(flat) };
}

/**
 * The distinct fragments one or more scans found. A buffer reused across scans: `clear` forgets the previous
 * hits in constant time (a generation stamp per fragment), so nothing is allocated per label.
 */
export class FragmentHits {
  private readonly seenAt: Int32Array;
  private generation = 1;
  /** Ids found since the last clear, in the order first found: ids[0..count). */
  readonly ids: Int32Array;
  count = 0;

  constructor(index: FragmentIndex) {
    this.seenAt = new Int32Array(index.fragments.length);
    this.ids = new Int32Array(index.fragments.length);
  }

  clear(): void {
    this.count = 0;
    if (++this.generation === 0x7fffffff) {
      this.seenAt.fill(0);
      this.generation = 1;
    }
  }

  add(id: number): void {
    if (this.seenAt[id] === this.generation) return;
    this.seenAt[id] = this.generation;
    this.ids[this.count++] = id;
  }

  has(id: number): boolean {
    return this.seenAt[id] === this.generation;
  }
}

/**
 * Runs the automaton over `text` from `state`, skipping every character `compact` would drop, so scanning raw
 * text equals scanning its compact form. Adds every fragment found to `hits`; returns the end state, from which
 * a later scan continues as if the two texts had been joined.
 */
export function scanFragments(index: FragmentIndex, text: string, state: number, hits: FragmentHits): number {
  const { next, outStart, outIds } = index;
  let offset = state * SYMBOLS;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128) continue;
    const symbol = SYMBOL_OF[code]!;
    if (symbol < 0) continue;
    offset = next[offset + symbol]!;
    if (offset < 0) {
      offset = ~offset;
      const at = offset / SYMBOLS;
      const end = outStart[at + 1]!;
      for (let o = outStart[at]!; o < end; o++) hits.add(outIds[o]!);
    }
  }
  return offset / SYMBOLS;
}
