/**
 * A pure function of one string or number, remembered: pricing calls the same few (a time window's '22:00', a tariff's
 * pence, a London date, an address) for every row of every search. Up to `max` answers; when full it starts afresh.
 */
export function memoised<K extends string | number, V>(compute: (key: K) => V, max = 10_000): (key: K) => V {
  const answers = new Map<K, V>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined && !answers.has(key)) {
      answer = compute(key);
      if (answers.size >= max) answers.clear();
      answers.set(key, answer);
    }
    return answer as V;
  };
}
