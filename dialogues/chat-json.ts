/**
 * JSON chat transcripts: `{id?, messages: [{role, content}], overall_ratings? | overallRatings?}`.
 *
 * - `jsonl`: one dialogue object per line, blank lines ignored, streamed.
 * - `json`: one JSON document holding a dialogue object or an array of them (read whole, capped
 *   at MAX_JSON_DOCUMENT_CHARS; use JSONL for bigger batches).
 *
 * Roles: `user` and `human` are the user; `assistant`, `ai`, `bot` and `agent` the assistant
 * (case-insensitive); `system` messages are joined into `systemPrompt` and are not turns. Messages
 * may also carry an optional `act` and per-turn `ratings`, so USS labels survive a round trip.
 * A dialogue without an id gets its 0-based position in the file.
 */
import { z } from "zod";
import { Ratings, type Dialogue, type Turn } from "./dialogue.js";
import { DialogueParseError } from "./errors.js";
import { jsonSyntaxErrorOffset, lineAndColumn, linesOfOffsets, topLevelArrayElementOffsets } from "./json-position.js";
import type { LineParser } from "./line-parser.js";
import { describeFirstIssue, validateDialogue } from "./validate.js";

export const CHAT_OBJECT_EXPECTED = "a dialogue object {id?, messages:[{role, content}]}";
export const MAX_JSON_DOCUMENT_CHARS = 200 * 1024 * 1024;

const ChatMessageInput = z.object({
  role: z.string(),
  content: z.string(),
  act: z.string().optional(),
  ratings: Ratings.optional(),
});

const ChatDialogueInput = z.object({
  id: z.union([z.string().min(1), z.number().int().nonnegative()]).optional(),
  messages: z.array(ChatMessageInput).min(1),
  overall_ratings: Ratings.optional(),
  overallRatings: Ratings.optional(),
});

const USER_ROLES = new Set(["user", "human"]);
const ASSISTANT_ROLES = new Set(["assistant", "ai", "bot", "agent"]);
const ROLES_EXPECTED = "a message role user, human, assistant, ai, bot, agent or system";

/**
 * Turns one parsed JSON value into a Dialogue. `line` is where it starts and `got` the source text
 * quoted in errors.
 */
export function chatValueToDialogue(
  value: unknown,
  position: number,
  file: string,
  line: number,
  got: string,
): Dialogue {
  const parsed = ChatDialogueInput.safeParse(value);
  if (!parsed.success) {
    throw new DialogueParseError(file, line, `${CHAT_OBJECT_EXPECTED} (${describeFirstIssue(parsed.error)})`, got);
  }
  const input = parsed.data;
  const turns: Turn[] = [];
  const systemParts: string[] = [];
  input.messages.forEach((message, index) => {
    const role = message.role.trim().toLowerCase();
    if (role === "system") {
      systemParts.push(message.content);
      return;
    }
    const speaker = USER_ROLES.has(role) ? "user" : ASSISTANT_ROLES.has(role) ? "assistant" : undefined;
    if (!speaker) {
      throw new DialogueParseError(file, line, `${ROLES_EXPECTED} at messages[${index}].role`, message.role);
    }
    const turn: Turn = { speaker, text: message.content };
    if (message.act !== undefined && message.act !== "") turn.act = message.act;
    if (message.ratings) turn.ratings = message.ratings;
    turns.push(turn);
  });
  if (turns.length === 0) {
    throw new DialogueParseError(file, line, "at least one user or assistant message", got);
  }
  const candidate: Dialogue = { id: input.id ?? position, turns, source: { file, line } };
  const overall = input.overallRatings ?? input.overall_ratings;
  if (overall) candidate.overallRatings = overall;
  if (systemParts.length > 0) candidate.systemPrompt = systemParts.join("\n\n");
  return validateDialogue(candidate, file, line, got);
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

/** One dialogue object per line. */
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
      return [chatValueToDialogue(value, position++, file, lineNo, line)];
    },
    end: () => [],
  };
}

/** A whole JSON document: one dialogue object or an array of them. */
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
      if (!Array.isArray(value)) return [chatValueToDialogue(value, 0, file, firstLine, lineText(1))];
      const elementLines = linesOfOffsets(text, topLevelArrayElementOffsets(text));
      return value.map((element: unknown, index) => {
        const relative = elementLines[index] ?? 1;
        return chatValueToDialogue(element, index, file, firstLine + relative - 1, lineText(relative));
      });
    },
  };
}
