import type { Dialogue } from "../../dialogues/dialogue.js";
import { InputError } from "../input-error.js";
import { dialogueFromTranscript } from "../read-input.js";
import { isPairDialogue, pairDialogue, type PairDialogue } from "./pair.js";
import type { PairwiseInput } from "./state.js";

const WHAT_TO_SEND =
  'send { "dialogue": pairDialogue(id, a, b) } ({id, turns, pair: {a, b}}), { "a": {id, turns}, "b": {id, turns} }, or { "transcript_a": "<text>", "transcript_b": "<text>" }';

const given = (text: string | undefined) => (text === undefined || text.trim() === "" ? undefined : text);

/** The pair a run's input names, rebuilt from its sides (combined turns recomputed, ratings stripped). */
export function pairFromInput(input: typeof PairwiseInput.State): PairDialogue {
  const transcripts = [given(input.transcript_a), given(input.transcript_b)];
  const kinds = [input.dialogue !== undefined, input.a !== undefined || input.b !== undefined, transcripts.some((t) => t !== undefined)].filter(Boolean).length;
  if (kinds > 1) throw new InputError(`send one form of the pair, not several: ${WHAT_TO_SEND}`);
  if (input.dialogue !== undefined) {
    const dialogue = input.dialogue as Dialogue;
    if (!isPairDialogue(dialogue)) throw new InputError(`dialogue ${String(dialogue.id)} is one dialogue; a pairwise run compares two: ${WHAT_TO_SEND}`);
    return pairDialogue(dialogue.id, dialogue.pair.a, dialogue.pair.b, dialogue.source);
  }
  if (input.a !== undefined && input.b !== undefined) return pairDialogue(`${String(input.a.id)}~${String(input.b.id)}`, input.a, input.b);
  const [textA, textB] = transcripts;
  if (textA !== undefined && textB !== undefined) {
    const a = { ...dialogueFromTranscript(textA), id: "a" };
    const b = { ...dialogueFromTranscript(textB), id: "b" };
    return pairDialogue("a~b", a, b);
  }
  throw new InputError(`no pair to judge (a pairwise run needs both sides): ${WHAT_TO_SEND}`);
}

/** The first node: the pair's combined dialogue and its two sides (validated by the state schema). */
export function readPair(input: typeof PairwiseInput.State): { dialogue: Dialogue; a: Dialogue; b: Dialogue } {
  const { pair, ...combined } = pairFromInput(input);
  return { dialogue: combined, a: pair.a, b: pair.b };
}
