// A pure function's answers kept in this isolate, bounded: at the limit the oldest answer goes, so keys a client
// chooses cannot grow it. Only for answers that depend on nothing but their key and the code that computes them.

export function boundedMemo<A extends unknown[], V>(limit: number, keyOf: (...args: A) => string, compute: (...args: A) => V): (...args: A) => V {
  const answers = new Map<string, V>();
  return (...args) => {
    const key = keyOf(...args);
    const kept = answers.get(key);
    if (kept !== undefined) return kept;
    const answer = compute(...args);
    if (answers.size >= limit) answers.delete(answers.keys().next().value!);
    answers.set(key, answer);
    return answer;
  };
}
