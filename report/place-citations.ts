import type { Dialogue } from "../dialogues/dialogue.js";
import { turnBlocks } from "../dialogues/turn-blocks.js";
import { verifyQuote } from "../evidence/quotes.js";
import type { Citation } from "./citations.js";
import type { TranscriptView, TurnMark } from "./model.js";

type QuoteCitation = Extract<Citation, { kind: "quote" }>;

/**
 * The turn a quote is in: the recorded turn when it holds the quote, else the first turn that does
 * (the judges' own matching: normalised text, "…" parts in order, a one-word quote only as a whole
 * utterance). A quote recorded as not found when judged is placed nowhere.
 */
function quoteTurn(c: QuoteCitation, dialogue: Dialogue): number | undefined {
  if (c.verified === false) return undefined;
  const recordedTurn = c.turn === null ? undefined : dialogue.turns[c.turn - 1];
  if (recordedTurn && verifyQuote(c.quote, { id: dialogue.id, turns: [recordedTurn] }).verified) return c.turn as number;
  return verifyQuote(c.quote, dialogue, c.speaker ?? undefined).turn;
}

export interface PlacedTranscript {
  view: TranscriptView;
  /** Quotes the line records as found when judged that this transcript does not hold: it is likely not the one judged. */
  mismatched: number;
}

/** A dialogue's turns, each with the citations that point at it; what points at no turn is listed apart. */
export function placeCitations(label: string, dialogue: Dialogue, cited: readonly Citation[]): PlacedTranscript {
  const marks = dialogue.turns.map((): TurnMark[] => []);
  const unplaced: TurnMark[] = [];
  let mismatched = 0;
  // An assessor may cite one turn twice, two orders of a pair quote the same words: each mark once per turn.
  const mark = (turn: number, m: TurnMark) => {
    const list = marks[turn - 1];
    if (list && !list.some((x) => x.by === m.by && x.kind === m.kind && x.text === m.text)) list.push(m);
  };
  const blocks = cited.some((c) => c.kind === "turn") ? turnBlocks(dialogue) : [];
  for (const c of cited) {
    if (c.kind === "turn") {
      const cites: TurnMark = { by: c.by, kind: "turn", text: `Turn ${c.block}` };
      const block = blocks[c.block - 1];
      if (!block) unplaced.push(cites);
      for (const u of [...(block?.user ?? []), ...(block?.assistant ?? [])]) mark(u.index, cites);
      continue;
    }
    const quotes: TurnMark = { by: c.by, kind: "quote", text: c.quote };
    const turn = quoteTurn(c, dialogue);
    if (turn === undefined) {
      unplaced.push(quotes);
      if (c.verified === true) mismatched++;
    } else mark(turn, quotes);
  }
  return {
    view: {
      label,
      dialogueId: String(dialogue.id),
      systemPrompt: dialogue.systemPrompt ?? null,
      turns: dialogue.turns.map((t, i) => ({ index: i + 1, role: t.speaker, text: t.text, ratings: t.ratings ? [...t.ratings] : null, marks: marks[i] as TurnMark[] })),
      unplaced,
    },
    mismatched,
  };
}
