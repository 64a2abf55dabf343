import { StateSchema } from "@langchain/langgraph";
import { z } from "zod";
import { Dialogue } from "../dialogues/dialogue.js";
import { parseDialogues } from "../dialogues/index.js";
import { InputError } from "./input-error.js";

/** Name of the first node of every graph: it turns the run's input into one `Dialogue`. */
export const READ_INPUT = "read_input";

/** The name a pasted transcript carries in parse errors (`transcript:3: expected …`). */
export const TRANSCRIPT_NAME = "transcript";

const JudgeInputFields = {
  transcript: z
    .string()
    .optional()
    .describe("One dialogue as text: USS tab-separated, the space-separated few-shot layout, JSON/JSONL chat ({id, messages:[{role, content}]}, a list of messages, ShareGPT {conversations}) or User:/Assistant: lines (with or without '--- Turn N ---')"),
  dialogue: Dialogue.optional().describe("Or the dialogue as an object: {id, turns:[{speaker: user|assistant, text}]}"),
};

/**
 * What every graph accepts (its input schema, shown in LangGraph Studio): a raw transcript in any
 * supported format, or a dialogue object.
 */
export const JudgeInput = new StateSchema(JudgeInputFields);
export const JudgeInputSchema = z.object(JudgeInputFields);
export type JudgeInputValue = z.input<typeof JudgeInputSchema>;

/** Parses a pasted transcript that must hold exactly one dialogue. */
export function dialogueFromTranscript(transcript: string): Dialogue {
  const dialogues = parseDialogues(transcript, TRANSCRIPT_NAME);
  if (dialogues.length !== 1) {
    throw new InputError(`the transcript holds ${dialogues.length} dialogues; a run judges one: paste a single dialogue, or judge a file with \`tribunal evaluate <file>\``);
  }
  return dialogues[0] as Dialogue;
}

/** The one dialogue a run's input names: `dialogue` as given, or `transcript` parsed (a blank transcript counts as none, as a form sends it). */
export function dialogueFromInput(input: { transcript?: string | undefined; dialogue?: Dialogue | undefined }): Dialogue {
  const transcript = input.transcript?.trim() === "" ? undefined : input.transcript;
  if (input.dialogue !== undefined && transcript !== undefined) {
    throw new InputError("send either `transcript` (text) or `dialogue` (an object), not both");
  }
  if (input.dialogue !== undefined) return input.dialogue;
  if (transcript !== undefined) return dialogueFromTranscript(transcript);
  throw new InputError('no dialogue to judge: send { "transcript": "<one dialogue as text>" } or { "dialogue": { "id": …, "turns": [{ "speaker": "user", "text": … }] } }');
}

/** The first node of every graph: writes `dialogue` (validated by the graph's state schema). */
export function readInput(state: typeof JudgeInput.State): { dialogue: Dialogue } {
  return { dialogue: dialogueFromInput(state) };
}
