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
