/**
 * `--- Turn N ---` text (the checklist's conversation layout, docs/protocols.md#checklist):
 *
 *     --- Turn 1 ---
 *     User: [user message]
 *     Assistant: [assistant response]
 *
 *     --- Turn 2 ---
 *     ...
 *
 * A line starting `User:` or `Assistant:` (case-insensitive) starts a message; other non-blank
 * lines continue the previous message after a newline (blank lines inside a message are kept as
 * paragraph breaks, trailing ones are dropped). A `--- Turn N ---` header closes the current
 * message; N is not checked, and the headers may be left out altogether (plain `User:` /
 * `Assistant:` lines). Each label line becomes one turn.
 *
 * Several conversations in one file: this project's convention is a line `=== Dialogue <id> ===`
 * before each one. An id made of digits in canonical form (`7`, not `007`) becomes a number, any
 * other id stays a string. Without such a header (e.g. a file holding only turns) the dialogue's
 * id is its 0-based position in the file.
 */
import type { Dialogue, Turn } from "./dialogue.js";
import { DialogueParseError } from "./errors.js";
import type { LineParser } from "./line-parser.js";
import { validateDialogue } from "./validate.js";

export const TURN_HEADER = /^\s*---\s*Turn\s+\d+\s*---\s*$/i;
export const DIALOGUE_HEADER = /^\s*===\s*Dialogue\s+(\S(?:.*\S)?)\s*===\s*$/i;
export const SPEAKER_LABEL = /^(User|Assistant)\s*:[ \t]?(.*)$/i;

interface Message {
  speaker: Turn["speaker"];
  lines: string[];
  pendingBlanks: number;
}

interface Pending {
  id: string | number | undefined;
  startLine: number;
  startText: string;
  turns: Turn[];
  message: Message | undefined;
}

function headerId(raw: string): string | number {
  const n = Number(raw);
  return /^\d+$/.test(raw) && Number.isSafeInteger(n) && String(n) === raw ? n : raw;
}

function messageToTurn(message: Message): Turn {
  return { speaker: message.speaker, text: message.lines.join("\n").trim() };
}

export function createTurnTextParser(file: string): LineParser {
  let position = 0;
  let pending: Pending | undefined;

  function closeMessage(): void {
    if (pending?.message) {
      pending.turns.push(messageToTurn(pending.message));
      pending.message = undefined;
    }
  }

  function flush(): Dialogue[] {
    if (!pending) return [];
    closeMessage();
    const { id, startLine, startText, turns } = pending;
    pending = undefined;
    if (turns.length === 0) {
      throw new DialogueParseError(file, startLine, "at least one 'User:' or 'Assistant:' line in the dialogue", startText);
    }
    const candidate: Dialogue = { id: id ?? position, turns, source: { file, line: startLine } };
    position++;
    return [validateDialogue(candidate, file, startLine, startText)];
  }

  return {
    push(line, lineNo) {
      const dialogueHeader = DIALOGUE_HEADER.exec(line);
      if (dialogueHeader) {
        const done = flush();
        pending = { id: headerId(dialogueHeader[1] ?? ""), startLine: lineNo, startText: line, turns: [], message: undefined };
        return done;
      }
      if (line.trim() === "") {
        if (pending?.message) pending.message.pendingBlanks++;
        return [];
      }
      pending ??= { id: undefined, startLine: lineNo, startText: line, turns: [], message: undefined };
      if (TURN_HEADER.test(line)) {
        closeMessage();
        return [];
      }
      const label = SPEAKER_LABEL.exec(line);
      if (label) {
        closeMessage();
        const speaker = (label[1] ?? "").toLowerCase() === "user" ? "user" : "assistant";
        pending.message = { speaker, lines: [label[2] ?? ""], pendingBlanks: 0 };
        return [];
      }
      const message = pending.message;
      if (!message) {
        throw new DialogueParseError(file, lineNo, "a 'User:' or 'Assistant:' line (or '--- Turn N ---')", line);
      }
      for (; message.pendingBlanks > 0; message.pendingBlanks--) message.lines.push("");
      message.lines.push(line);
      return [];
    },
    end: flush,
  };
}
