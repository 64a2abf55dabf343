/**
 * The input every graph takes (`read_input`, shared by the four graphs): a pasted transcript in any
 * supported format or a dialogue object, exactly one dialogue, and a clear error otherwise.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseDialogues } from "../../dialogues/index.js";
import { dialogueFromInput } from "../../nodes/read-input.js";
import { ROOT } from "./dev-server.js";
import { graph as baremGraph } from "../../graphs/barem.js";
import { graph as checklistGraph } from "../../graphs/checklist.js";
import { graph as consensusGraph } from "../../graphs/consensus.js";
import { graph as panelGraph } from "../../graphs/panel.js";

const fixture = (name: string) => readFileSync(`${ROOT}test/fixtures/dialogues/${name}`, "utf8");

/** One dialogue in each supported format, as a user would paste it. */
const PASTED = {
  "USS tab-separated (seed few-shot)": fixture("seed000-25.txt"),
  "JSONL chat line": fixture("chat.jsonl").split("\n")[0] as string,
  "JSON chat object": JSON.stringify({ id: "first", messages: [{ role: "user", content: "Book a table for two." }, { role: "assistant", content: "Done: 7pm at Luigi's." }] }, null, 2),
  "--- Turn N --- text": fixture("turns.txt"),
};

type Run = { invoke(input: object): Promise<{ dialogue: unknown; result?: Record<string, unknown> }> };

describe("dialogueFromInput", () => {
  it.each(Object.entries(PASTED))("parses a pasted %s into the same dialogue the file parser reads", (format, text) => {
    const dialogue = dialogueFromInput({ transcript: text });
    expect(dialogue).toEqual(parseDialogues(text, "transcript")[0]);
    expect(dialogue.turns.length, format).toBeGreaterThan(1);
  });

  it("passes a dialogue object through, next to a blank transcript field as a form sends it", () => {
    const dialogue = { id: "d1", turns: [{ speaker: "user" as const, text: "hi" }] };
    expect(dialogueFromInput({ dialogue })).toBe(dialogue);
    expect(dialogueFromInput({ dialogue, transcript: " \n" })).toBe(dialogue);
    expect(() => dialogueFromInput({ transcript: "" })).toThrow(/^no dialogue to judge/);
  });

  it("refuses no input, both inputs, several dialogues, and names the line of a bad transcript", () => {
    expect(() => dialogueFromInput({})).toThrow(expect.objectContaining({ name: "InputError", message: expect.stringMatching(/^no dialogue to judge: send \{ "transcript"/) }));
    expect(() => dialogueFromInput({ transcript: PASTED["--- Turn N --- text"], dialogue: { id: 1, turns: [{ speaker: "user", text: "x" }] } })).toThrow(/either `transcript` \(text\) or `dialogue`/);
    expect(() => dialogueFromInput({ transcript: fixture("chat.jsonl") })).toThrow(/the transcript holds 3 dialogues; a run judges one/);
    expect(() => dialogueFromInput({ transcript: "hello there" })).toThrow(expect.objectContaining({ name: "DialogueParseError", message: expect.stringMatching(/^transcript:1: expected/) }));
  });
});

/** The graphs as LangGraph Studio serves them (langgraph.json: ./graphs/<protocol>.ts:graph). */
const STUDIO_GRAPHS = { panel: panelGraph, consensus: consensusGraph, checklist: checklistGraph, barem: baremGraph };

describe("every graph starts with read_input", () => {
  const turns = PASTED["--- Turn N --- text"];
  it.each(["panel", "consensus", "checklist", "barem"] as const)("%s: a pasted transcript and the same dialogue as an object give the same result", async (protocol) => {
    const graph = STUDIO_GRAPHS[protocol] as Run;
    const fromText = await graph.invoke({ transcript: turns });
    const fromObject = await graph.invoke({ dialogue: parseDialogues(turns, "transcript")[0] });
    const untimed = (r: Record<string, unknown> | undefined) => ({ ...r, meta: { ...(r?.meta as object), latency_ms: 0 } });
    expect(fromText.result?.meta).toMatchObject({ protocol, status: "scored" });
    expect(untimed(fromText.result)).toEqual(untimed(fromObject.result));
    await expect(graph.invoke({})).rejects.toThrow(expect.objectContaining({ name: "InputError" }));
  });
});
