/** Each protocol's ResultSpec: its schema holds what the score node writes, and its readers find the scores. */
import { describe, expect, it } from "vitest";
import { parseDialogues } from "../../dialogues/read.js";
import { PROTOCOL_IDS, PROTOCOLS } from "../../graphs/registry.js";
import { detectProtocol } from "../../results/detect.js";
import { headlineOf } from "../../results/headline.js";
import { builtInRubric } from "../../rubrics/load.js";
import { pairDialogue } from "../../nodes/pairwise/pair.js";
import { ussDialogue } from "../agree/helpers.js";

const [dialogue] = parseDialogues(ussDialogue("I need a taxi to the station, thanks!", [4, 5, 4]), "one.tsv");
const [other] = parseDialogues(ussDialogue("This is useless, you never answer my question.", [1, 2, 1]), "other.tsv");
/** What each protocol judges: one dialogue, or (pairwise) a pair of them. */
const inputOf = (id: string) => (id === "pairwise" ? pairDialogue("taxi~useless", dialogue!, other!) : dialogue!);

describe.each(PROTOCOL_IDS)("%s", (id) => {
  const entry = PROTOCOLS[id];
  const judged = async () => {
    const state = await entry.build().compile().invoke({ dialogue: inputOf(id) }, { configurable: { model: "offline" } });
    return state.result as Record<string, unknown>;
  };

  it("the offline judge's line passes the schema, and the readers find its scores", async () => {
    const line = await judged();
    expect(entry.result.schema.safeParse(line).error).toBeUndefined();
    const rubric = builtInRubric(entry.defaultRubric);
    if (!rubric) throw new Error(`no built-in rubric ${entry.defaultRubric}`);
    const headline = headlineOf(entry.result, line, rubric);
    expect(headline?.value).toBeTypeOf("number");
    expect(Object.keys(entry.result.criteria(line, rubric.overallKey)).length).toBeGreaterThan(0);
    expect(entry.result.detail(line, rubric.overallKey)).not.toBe("");
  });

  it("the line's shape tells its protocol without meta.protocol", async () => {
    const { meta: _meta, ...line } = await judged();
    expect(detectProtocol(line, PROTOCOLS)).toBe(id);
  });
});
