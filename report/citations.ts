import type { Speaker } from "../dialogues/dialogue.js";
import { extractQuoteSpans } from "../evidence/quotes.js";
import { citedTurns } from "../nodes/checklist/assessor-contract.js";
import type { Detail, QuoteMark } from "./model.js";

/** A passage of the transcript a verdict points at. */
export type Citation =
  | {
      kind: "quote";
      /** The side of a pair the quote is about; null for a one-dialogue line. */
      side: "A" | "B" | null;
      by: string;
      quote: string;
      /** As the line records it; null when the line records no check (a quote read from reasoning text). */
      verified: boolean | null;
      /** 1-based turn recorded with the quote. */
      turn: number | null;
      /** The speaker the reasoning names before the quote (`USER: "…"`). */
      speaker: Speaker | null;
    }
  | {
      kind: "turn";
      side: null;
      by: string;
      /** The N of a cited `Turn N`: a block of the checklist's `--- Turn N ---` layout. */
      block: number;
    };

const recorded = (marks: readonly QuoteMark[], by: string, side: "A" | "B" | null = null): Citation[] =>
  marks.map((q) => ({ kind: "quote", side, by, quote: q.quote, verified: q.verified, turn: q.turn, speaker: null }));

/** The quoted spans of reasoning text: the line records no check of them, so the report checks them against the transcript. */
const quotedIn = (text: string, by: string): Citation[] =>
  extractQuoteSpans(text).map((q) => ({ kind: "quote", side: null, by, quote: q.quote, verified: null, turn: null, speaker: q.speaker ?? null }));

/**
 * What each protocol's verdict points at in the transcript. Panel and pairwise record their quotes
 * checked, with the turn (`audit.evaluator_quotes`, `audit.referee_decisions[].quotes`, a pair's
 * `evidence_a` / `evidence_b`); barem and consensus only write reasoning, whose quoted spans are
 * read here; a checklist assessor cites `Turn N` and may quote too.
 */
export function citations(body: Detail["body"]): Citation[] {
  if (!body) return [];
  switch (body.protocol) {
    case "unscored":
      return [];
    case "panel":
      return body.criteria.flatMap((c) => [...recorded(c.evaluator.quotes, `evaluator · ${c.criterion}`), ...recorded(c.decision?.quotes ?? [], `critic · ${c.criterion}`)]);
    case "pairwise":
      return body.criteria.flatMap((c) => [...recorded(c.evidenceA, `judge · ${c.criterion}`, "A"), ...recorded(c.evidenceB, `judge · ${c.criterion}`, "B")]);
    case "barem":
      return [...body.criteria.flatMap((c) => quotedIn(c.justification, `judge · ${c.criterion}`)), ...quotedIn(body.overall.justification, "judge · overall")];
    case "consensus":
      return [
        ...body.criteria.flatMap((c) => [...quotedIn(c.strict, `strict · ${c.criterion}`), ...quotedIn(c.generous, `generous · ${c.criterion}`)]),
        ...quotedIn(body.strictReasoning, "strict · overall"),
        ...quotedIn(body.generousReasoning, "generous · overall"),
      ];
    case "checklist":
      return body.criteria.flatMap((c) => [...citedTurns(c.reasoning).map((block): Citation => ({ kind: "turn", side: null, by: `assessor · ${c.id}`, block })), ...quotedIn(c.reasoning, `assessor · ${c.id}`)]);
  }
}
