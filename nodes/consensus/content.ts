/**
 * What the consensus agents see: at most 2,000 characters of content (docs/protocols.md#consensus):
 * the characters of the utterances' text count; the `[n] USER:` labels, the continuation prefixes and
 * the escapes of the sealed rendering (`sealContent`, docs/protocols.md#prompt-layout) do not. The cut
 * is made on the raw text and sealed afterwards, so a cut never splits an escape. A candidate
 * submission is a Dialogue with one `user` turn holding the submission (see `submissions.ts`),
 * so for a submission the limit is exactly the content's length.
 */
import type { Dialogue } from "../../dialogues/dialogue.js";
import { formatTranscript } from "../../dialogues/format.js";

export interface ContentView {
  /** The dialogue as the agents see it: turns after the limit dropped, the last one cut. */
  dialogue: Dialogue;
  /** `formatTranscript` of the seen dialogue (sealed): what goes inside the transcript tags. */
  transcript: string;
  /** Characters of content in the source and how many the agents see. */
  totalChars: number;
  shownChars: number;
  truncated: boolean;
}

/** One user turn: a candidate submission rather than a conversation. */
export function isSubmission(dialogue: Dialogue): boolean {
  return dialogue.turns.length === 1 && dialogue.turns[0]?.speaker === "user";
}

/** The dialogue cut to `maxChars` characters of utterance text, in turn order. */
export function contentView(dialogue: Dialogue, maxChars: number): ContentView {
  const totalChars = dialogue.turns.reduce((n, t) => n + t.text.length, 0);
  const turns: Dialogue["turns"] = [];
  let budget = maxChars;
  for (const turn of dialogue.turns) {
    if (budget <= 0) break;
    const text = turn.text.length <= budget ? turn.text : turn.text.slice(0, budget);
    turns.push({ speaker: turn.speaker, text });
    budget -= text.length;
  }
  const seen: Dialogue = { id: dialogue.id, turns: turns.length > 0 ? turns : [{ speaker: "user", text: "" }] };
  // Context, not content: the instructions are shown whole and do not count toward the limit.
  if (dialogue.systemPrompt !== undefined) seen.systemPrompt = dialogue.systemPrompt;
  const shownChars = Math.min(totalChars, maxChars);
  return { dialogue: seen, transcript: formatTranscript(seen), totalChars, shownChars, truncated: totalChars > maxChars };
}

/** The `meta.warnings` line for a truncated view, or none. */
export function truncationWarnings(view: ContentView): string[] {
  return view.truncated ? [`content truncated to ${view.shownChars} of ${view.totalChars} characters (maxContentChars): the agents judged the first ${view.shownChars}`] : [];
}
