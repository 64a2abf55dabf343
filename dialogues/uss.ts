/**
 * USS transcripts (User Satisfaction Simulation: CCPE, MultiWOZ, …), in two layouts:
 *
 * - `tsv`: the dataset's own layout, exactly 4 tab-separated columns `ROLE \t text \t action \t
 *   ratings`. Ratings (comma-separated integers 1–5, one per rater) are optional on USER lines;
 *   whatever is in the ratings column of a SYSTEM line is ignored.
 * - `loose`: the few-shot variant found in the seeds, where columns are separated by tabs and/or runs
 *   of spaces and the action may be glued to the text (`USER Yeah. OTHER 3,3,4,4`). The line is read
 *   from the right: an optional ratings token, then an optional CCPE action token (`OTHER` or an
 *   all-caps `[A-Z_]` token joined by `+` with at least one `_` or `+`), the rest is the text with
 *   whitespace collapsed. MultiWOZ-style acts (`Restaurant-Inform`) are only recognised in the TSV
 *   action column; in loose text they stay part of the utterance.
 *
 * In both, sessions are separated by one or more blank lines and may end with
 * `USER OVERALL [action] ratings`, which becomes `overallRatings` (not a turn). Nothing but a blank
 * line may follow an OVERALL line within a session, so a stray line cannot silently shift the
 * 0-based dialogue ids. A dialogue's id is its 0-based position in the file.
 */
import type { Dialogue, Turn } from "./dialogue.js";
import { DialogueParseError } from "./errors.js";
import type { LineParser } from "./line-parser.js";
import { looksLikeRatings, parseRatings } from "./ratings.js";
import { validateDialogue } from "./validate.js";

export type UssLayout = "tsv" | "loose";

/** What one USS line says: an utterance, or the session's OVERALL rating line. */
export type UssLine = { kind: "turn"; turn: Turn } | { kind: "overall"; ratings: number[] | undefined };

export const TSV_COLUMNS_EXPECTED = "4 tab-separated columns ROLE, text, action, ratings";
const ROLE_EXPECTED = "role USER or SYSTEM";

function speakerOf(role: string): Turn["speaker"] | undefined {
  const upper = role.toUpperCase();
  if (upper === "USER") return "user";
  if (upper === "SYSTEM") return "assistant";
  return undefined;
}

function makeTurn(speaker: Turn["speaker"], text: string, act: string, ratings: number[] | undefined): Turn {
  const turn: Turn = { speaker, text };
  if (act) turn.act = act;
  if (speaker === "user" && ratings) turn.ratings = ratings;
  return turn;
}

/** One line of the strict tab-separated layout. */
export function parseUssTsvLine(line: string, file: string, lineNo: number): UssLine {
  const columns = line.split("\t");
  if (columns.length !== 4) {
    throw new DialogueParseError(file, lineNo, `${TSV_COLUMNS_EXPECTED} (found ${columns.length})`, line);
  }
  const [roleColumn = "", textColumn = "", actionColumn = "", ratingsColumn = ""] = columns;
  const speaker = speakerOf(roleColumn.trim());
  if (!speaker) throw new DialogueParseError(file, lineNo, ROLE_EXPECTED, roleColumn);
  const text = textColumn.trim();
  const act = actionColumn.trim();
  const ratingsText = ratingsColumn.trim();
  // SYSTEM lines carry no ratings in USS; anything found there is ignored, not validated.
  const ratings = speaker === "user" && ratingsText !== "" ? parseRatings(ratingsText, file, lineNo) : undefined;
  if (speaker === "user" && text === "OVERALL") return { kind: "overall", ratings };
  return { kind: "turn", turn: makeTurn(speaker, text, act, ratings) };
}

/** A CCPE-style action token: `OTHER`, or `[A-Z_]` parts joined by `+` with at least one `_` or `+`. */
export function isLooseActionToken(token: string): boolean {
  if (token === "OTHER") return true;
  return /^[A-Z_]+(?:\+[A-Z_]+)*$/.test(token) && /[_+]/.test(token) && /[A-Z]/.test(token);
}

/** One line of the loose (space/tab-mixed) seed layout, read from the right. */
export function parseUssLooseLine(line: string, file: string, lineNo: number): UssLine {
  const match = /^\s*(\S+)(?:\s+|$)/.exec(line);
  const role = match?.[1] ?? "";
  const speaker = speakerOf(role);
  if (!match || !speaker) {
    throw new DialogueParseError(file, lineNo, `a line starting with ${ROLE_EXPECTED}`, line);
  }
  const tokens = line.slice(match[0].length).split(/\s+/).filter((t) => t !== "");
  let ratings: number[] | undefined;
  const last = tokens[tokens.length - 1];
  const beforeLast = tokens[tokens.length - 2];
  if (last !== undefined && looksLikeRatings(last, beforeLast !== undefined && isLooseActionToken(beforeLast))) {
    ratings = parseRatings(last, file, lineNo);
    tokens.pop();
  }
  let act = "";
  const actionCandidate = tokens[tokens.length - 1];
  if (actionCandidate !== undefined && tokens.length > 1 && isLooseActionToken(actionCandidate)) {
    act = actionCandidate;
    tokens.pop();
  }
  const text = tokens.join(" ");
  if (text === "") {
    throw new DialogueParseError(file, lineNo, `utterance text after the role ${role.toUpperCase()}`, line);
  }
  if (speaker === "user" && text === "OVERALL") return { kind: "overall", ratings };
  return { kind: "turn", turn: makeTurn(speaker, text, act, ratings) };
}

interface Session {
  startLine: number;
  startText: string;
  turns: Turn[];
  overall: { ratings: number[] | undefined } | undefined;
}

/** Assembles USS lines into dialogues, one session (blank-line separated block) at a time. */
export function createUssParser(file: string, layout: UssLayout): LineParser {
  const parseLine = layout === "tsv" ? parseUssTsvLine : parseUssLooseLine;
  let position = 0;
  let session: Session | undefined;

  function flush(): Dialogue[] {
    if (!session) return [];
    const { startLine, startText, turns, overall } = session;
    session = undefined;
    const candidate: Dialogue = { id: position++, turns, source: { file, line: startLine } };
    if (overall?.ratings) candidate.overallRatings = overall.ratings;
    return [validateDialogue(candidate, file, startLine, startText)];
  }

  return {
    push(line, lineNo) {
      if (line.trim() === "") return flush();
      const parsed = parseLine(line, file, lineNo);
      if (session?.overall) {
        throw new DialogueParseError(
          file,
          lineNo,
          "a blank line after the OVERALL line (OVERALL ends a dialogue)",
          line,
        );
      }
      session ??= { startLine: lineNo, startText: line, turns: [], overall: undefined };
      if (parsed.kind === "overall") {
        if (session.turns.length === 0) {
          throw new DialogueParseError(file, lineNo, "at least one turn before the OVERALL line", line);
        }
        session.overall = { ratings: parsed.ratings };
      } else {
        session.turns.push(parsed.turn);
      }
      return [];
    },
    end: flush,
  };
}
