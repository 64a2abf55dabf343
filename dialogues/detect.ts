/**
 * Which transcript format a file holds, decided once per file from its name and its first
 * non-blank line:
 *
 * 1. Extension `.json` → JSON document; `.jsonl` / `.ndjson` → JSONL.
 * 2. First non-blank character `{` or `[` → JSONL when that first line is a complete JSON value on
 *    its own, otherwise a (pretty-printed) JSON document.
 * 3. Exactly 4 tab-separated fields whose last is empty or a valid ratings list → strict USS TSV.
 * 4. Starts with USER or SYSTEM (any case) followed by whitespace → loose seed variant of USS.
 * 5. A `--- Turn N ---` or `=== Dialogue <id> ===` line, or a `User:` / `Assistant:` line → turn text.
 * Anything else is an error naming the line.
 */
import { DialogueParseError } from "./errors.js";
import { DIALOGUE_HEADER, SPEAKER_LABEL, TURN_HEADER } from "./turns.js";

export type DialogueFormat = "uss-tsv" | "uss-loose" | "json" | "jsonl" | "turns";

export const FORMAT_EXPECTED =
  "a dialogue transcript (USS tab-separated lines, USER/SYSTEM lines, JSON/JSONL chat, or 'User:' / 'Assistant:' text with or without '--- Turn N ---' headers)";

function extensionOf(file: string): string {
  const base = file.slice(Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "";
}

function isCompleteJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function detectFormat(firstLine: string, file: string, lineNo: number): DialogueFormat {
  const extension = extensionOf(file);
  if (extension === ".json") return "json";
  if (extension === ".jsonl" || extension === ".ndjson") return "jsonl";
  const trimmed = firstLine.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) return isCompleteJson(trimmed) ? "jsonl" : "json";
  const fields = firstLine.split("\t");
  if (fields.length === 4) {
    const last = (fields[3] ?? "").trim();
    if (last === "" || /^[1-5](,[1-5])*$/.test(last)) return "uss-tsv";
  }
  if (/^\s*(USER|SYSTEM)\s/i.test(firstLine)) return "uss-loose";
  if (TURN_HEADER.test(firstLine) || DIALOGUE_HEADER.test(firstLine) || SPEAKER_LABEL.test(firstLine)) return "turns";
  throw new DialogueParseError(file, lineNo, FORMAT_EXPECTED, firstLine);
}
