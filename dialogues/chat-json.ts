/**
 * JSON chat transcripts. A dialogue is `{id?, messages: [...], overall_ratings? | overallRatings?}`,
 * ShareGPT's `{id?, conversations: [{from, value}], system?}`, or a bare list of messages; the
 * messages themselves are read by `chat-messages.ts` (roles, content parts, tool calls, system
 * messages as the assistant's instructions).
 *
 * - `jsonl`: one value per line, blank lines ignored, streamed: a dialogue, a list of messages, or
 *   (a one-line JSON document) a list of dialogues.
 * - `json`: one JSON document holding a dialogue, a list of messages, or a list of dialogues (read
 *   whole, capped at MAX_JSON_DOCUMENT_CHARS; use JSONL for bigger batches).
 *
 * Messages may also carry an optional `act` and per-turn `ratings`, so USS labels survive a round
 * trip. A dialogue without an id gets its 0-based position in the file.
 */
import { z } from "zod";
import { isMessageList, messagesToTurns } from "./chat-messages.js";
import { Ratings, type Dialogue } from "./dialogue.js";
import { DialogueParseError } from "./errors.js";
import { jsonSyntaxErrorOffset, lineAndColumn, linesOfOffsets, topLevelArrayElementOffsets } from "./json-position.js";
import type { LineParser } from "./line-parser.js";
import { describeFirstIssue, validateDialogue } from "./validate.js";

export const CHAT_OBJECT_EXPECTED = "a chat dialogue ({id?, messages:[{role, content}]}, {id?, conversations:[{from, value}]} or a list of messages)";
export const MAX_JSON_DOCUMENT_CHARS = 200 * 1024 * 1024;

const ChatDialogueInput = z.object({
  id: z.union([z.string().min(1), z.number().int().nonnegative()]).optional(),
  messages: z.array(z.unknown()).min(1).optional(),
  conversations: z.array(z.unknown()).min(1).optional(),
  /** ShareGPT exports may put the system prompt beside the conversation. */
  system: z.string().optional(),
  overall_ratings: Ratings.optional(),
  overallRatings: Ratings.optional(),
});

/**
 * Turns one parsed JSON value (a dialogue object or a list of messages) into a Dialogue. `line` is
 * where it starts and `got` the source text quoted in errors.
 */
export function chatValueToDialogue(
  value: unknown,
  position: number,
  file: string,
  line: number,
  got: string,
): Dialogue {
  const parsed = ChatDialogueInput.safeParse(isMessageList(value) ? { messages: value } : value);
  if (!parsed.success) {
    throw new DialogueParseError(file, line, `${CHAT_OBJECT_EXPECTED} (${describeFirstIssue(parsed.error)})`, got);
  }
  const input = parsed.data;
  const key = input.messages ? "messages" : "conversations";
  const messages = input.messages ?? input.conversations;
  if (!messages) throw new DialogueParseError(file, line, `${CHAT_OBJECT_EXPECTED} (no messages or conversations)`, got);
  const { turns, systemPrompt } = messagesToTurns(messages, { file, line, key, got });
  if (turns.length === 0) {
    throw new DialogueParseError(file, line, "at least one user or assistant message with text or a tool call", got);
  }
  const candidate: Dialogue = { id: input.id ?? position, turns, source: { file, line } };
  const overall = input.overallRatings ?? input.overall_ratings;
  if (overall) candidate.overallRatings = overall;
  const instructions = [input.system, systemPrompt].filter((s): s is string => s !== undefined && s.trim() !== "");
  if (instructions.length > 0) candidate.systemPrompt = instructions.join("\n\n");
  return validateDialogue(candidate, file, line, got);
}

/**
 * The dialogues of one JSON value: a list of messages is one dialogue, any other list holds one
 * dialogue per element (found at `elementAt(i)`), anything else is one dialogue. Ids default to
 * `position` onwards.
 */
function dialoguesOfValue(value: unknown, position: number, file: string, at: { line: number; got: string }, elementAt: (index: number) => { line: number; got: string }): Dialogue[] {
  if (!Array.isArray(value) || isMessageList(value)) return [chatValueToDialogue(value, position, file, at.line, at.got)];
  return value.map((element: unknown, index) => {
    const where = elementAt(index);
    return chatValueToDialogue(element, position + index, file, where.line, where.got);
  });
}

/** `valid JSON (Unexpected token ..., at column 7)` for a text `JSON.parse` rejected. */
function describeJsonError(error: unknown, text: string): { offset: number | undefined; detail: string } {
  const message = String((error as { message?: unknown } | null)?.message ?? error);
  // V8 may quote the input in its message and counts positions in its own text: keep the reason only.
  const reason = message
    .replace(/,\s*(?:\.\.\.)?".*$/s, "")
    .replace(/ in JSON at position \d+.*$/s, "")
    .slice(0, 80);
  return { offset: jsonSyntaxErrorOffset(text), detail: reason };
}

/** One JSON value per line (see the module comment). */
export function createJsonlParser(file: string): LineParser {
  let position = 0;
  return {
    push(line, lineNo) {
      if (line.trim() === "") return [];
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        const { offset, detail } = describeJsonError(error, line);
        const where = offset === undefined ? "" : ` at column ${offset + 1}`;
        throw new DialogueParseError(file, lineNo, `valid JSON (${detail}${where})`, line);
      }
      const here = { line: lineNo, got: line };
      const dialogues = dialoguesOfValue(value, position, file, here, () => here);
      position += dialogues.length;
      return dialogues;
    },
    end: () => [],
  };
}

/** A whole JSON document: a dialogue, a list of messages, or a list of dialogues. */
export function createJsonDocumentParser(file: string): LineParser {
  const lines: string[] = [];
  let firstLine = 0;
  let chars = 0;
  return {
    push(line, lineNo) {
      if (lines.length === 0) firstLine = lineNo;
      chars += line.length + 1;
      if (chars > MAX_JSON_DOCUMENT_CHARS) {
        throw new DialogueParseError(
          file,
          lineNo,
          `a JSON document of at most ${MAX_JSON_DOCUMENT_CHARS / 1024 / 1024} MB (use JSONL for bigger batches)`,
          line,
        );
      }
      lines.push(line);
      return [];
    },
    end() {
      if (lines.length === 0) return [];
      const text = lines.join("\n");
      const lineText = (relativeLine: number): string => lines[relativeLine - 1] ?? "";
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        const { offset, detail } = describeJsonError(error, text);
        const at = lineAndColumn(text, offset ?? text.length);
        throw new DialogueParseError(
          file,
          firstLine + at.line - 1,
          `valid JSON (${detail} at column ${at.column})`,
          lineText(at.line),
        );
      }
      const elementLines = Array.isArray(value) ? linesOfOffsets(text, topLevelArrayElementOffsets(text)) : [];
      return dialoguesOfValue(value, 0, file, { line: firstLine, got: lineText(1) }, (index) => {
        const relative = elementLines[index] ?? 1;
        return { line: firstLine + relative - 1, got: lineText(relative) };
      });
    },
  };
}
