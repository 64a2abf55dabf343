import type { ProtocolId } from "../graphs/registry.js";
import { PROTOCOLS } from "../graphs/registry.js";
import { headlineOf as headlineBySpec, type Headline } from "../results/headline.js";
import type { Json } from "../results/fields.js";
import type { Rubric } from "../rubrics/schema.js";

export type { Headline } from "../results/headline.js";

/** A result line's one headline number for its protocol, on the rubric's scale and mapped to [0, 1]; `undefined` when unscored. */
export function headlineOf(protocol: ProtocolId, result: Json, rubric: Rubric): Headline | undefined {
  return headlineBySpec(PROTOCOLS[protocol].result, result, rubric);
}
