/**
 * `build` remembered per key object: what is derived from a rubric, a schema or a model is built
 * once and shared by every later call with the same object (keys are never mutated once built).
 */
export function memoByObject<K extends object, V>(build: (key: K) => V): (key: K) => V {
  const built = new WeakMap<K, V>();
  return (key) => {
    if (built.has(key)) return built.get(key) as V;
    const value = build(key);
    built.set(key, value);
    return value;
  };
}

/**
 * `build` remembered per text, for the last distinct texts up to `maxChars` characters in all: the
 * offline judge reads the same utterance many times (each lexicon, each pair of turns). The cache is
 * emptied when full, which keeps memory bounded on any run. Values are shared: callers must not
 * mutate them.
 */
export function memoByText<V>(build: (text: string) => V, maxChars = 4_000_000): (text: string) => V {
  const built = new Map<string, V>();
  let chars = 0;
  return (text) => {
    let value = built.get(text);
    if (value === undefined && !built.has(text)) {
      if (chars + text.length > maxChars) {
        built.clear();
        chars = 0;
      }
      value = build(text);
      built.set(text, value);
      chars += text.length;
    }
    return value as V;
  };
}
