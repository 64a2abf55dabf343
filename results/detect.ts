import { obj, type Json } from "./fields.js";
import type { ResultSpec } from "./spec.js";

/**
 * Which protocol wrote a line: its `meta.protocol`, else the first protocol (in the registry's order)
 * whose line shape it has. `protocols` is graphs/registry.ts `PROTOCOLS`.
 */
export function detectProtocol<P extends string>(line: Json, protocols: Readonly<Record<P, { result: ResultSpec }>>): P | undefined {
  const ids = Object.keys(protocols) as P[];
  const named = obj(line["meta"])["protocol"];
  return ids.find((id) => id === named) ?? ids.find((id) => protocols[id].result.recognises(line));
}
