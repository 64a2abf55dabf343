/**
 * Candidate submissions for the consensus protocol (docs/protocols.md#consensus). A submission is represented as a
 * Dialogue with a single `user` turn holding the submitted content, so the graph, the CLI and the
 * batch runner treat it like any dialogue (`dialogue_id` is the submission's id).
 *
 * `readConsensusInput(path)` accepts:
 * - JSONL whose first object is `{id?, content}`: one submission per line (a line may also be a
 *   chat dialogue `{id?, messages}`); a missing id is the 0-based position among the objects;
 * - a JSON document holding a submission, a dialogue, or an array of them;
 * - a plain text file (any name) whose first non-blank line is not a dialogue format: the whole
 *   file is one submission, its id the file name without extension;
 * - anything else `readDialogues` reads (USS, the space-separated few-shot layout, JSON/JSONL chat, turn text).
 */
import { readFile } from "node:fs/promises";
import { basename, extname } from "node:path";
import { z } from "zod";
import { chatValueToDialogue } from "../../dialogues/chat-json.js";
import { detectFormat } from "../../dialogues/detect.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { DialogueParseError, isDialogueParseError } from "../../dialogues/errors.js";
import { linesOfOffsets, topLevelArrayElementOffsets } from "../../dialogues/json-position.js";
import { readDialogues } from "../../dialogues/read.js";
import { nonBlankLines } from "../../dialogues/text-lines.js";
import { describeIssues } from "../../util/zod-issues.js";

export const SUBMISSION_EXPECTED = "a candidate submission {id?, content} or a dialogue {id?, messages:[{role, content}]}";
/** Largest plain-text or JSON submission file read whole. */
export const MAX_SUBMISSION_FILE_CHARS = 50 * 1024 * 1024;

export const SubmissionInput = z.object({
  id: z.union([z.string().min(1), z.number().int().nonnegative()]).optional(),
  content: z.string().refine((c) => c.trim().length > 0, "content is empty"),
});

/** A submission as the one-turn Dialogue the graphs judge. */
export function submissionDialogue(id: string | number, content: string, source?: Dialogue["source"]): Dialogue {
  return source ? { id, turns: [{ speaker: "user", text: content }], source } : { id, turns: [{ speaker: "user", text: content }] };
}

function isSubmissionValue(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "content" in value && !("messages" in value);
}

/** One JSON value: a submission `{id?, content}` or a chat dialogue `{id?, messages}`. */
export function valueToDialogue(value: unknown, position: number, file: string, line: number, got: string): Dialogue {
  if (!isSubmissionValue(value)) return chatValueToDialogue(value, position, file, line, got);
  const parsed = SubmissionInput.safeParse(value);
  if (!parsed.success) throw new DialogueParseError(file, line, `${SUBMISSION_EXPECTED} (${describeIssues(parsed.error, 1)})`, got);
  return submissionDialogue(parsed.data.id ?? position, parsed.data.content, { file, line });
}

async function firstNonBlankLine(path: string): Promise<{ line: string; lineNo: number } | undefined> {
  for await (const { text, lineNo } of nonBlankLines(path)) return { line: text, lineNo };
  return undefined;
}

function parsesAsJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readWhole(path: string): Promise<string> {
  const bytes = await readFile(path);
  if (bytes.length > MAX_SUBMISSION_FILE_CHARS) throw new DialogueParseError(path, 0, `a submission file of at most ${MAX_SUBMISSION_FILE_CHARS / 1024 / 1024} MB`, `${bytes.length} bytes`);
  if (bytes.includes(0)) throw new DialogueParseError(path, 1, "a UTF-8 text file (found a NUL byte)", "");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new DialogueParseError(path, 1, "a UTF-8 text file (found invalid UTF-8)", "");
  }
}

async function* jsonlSubmissions(path: string): AsyncGenerator<Dialogue> {
  let position = 0;
  for await (const { text, lineNo } of nonBlankLines(path)) {
    const value = parsesAsJson(text);
    if (value === undefined) throw new DialogueParseError(path, lineNo, "valid JSON", text);
    yield valueToDialogue(value, position++, path, lineNo, text);
  }
}

function jsonDocumentSubmissions(path: string, text: string, value: unknown): Dialogue[] {
  const lines = text.split(/\r\n|\n|\r/);
  if (!Array.isArray(value)) return [valueToDialogue(value, 0, path, 1, lines[0] ?? "")];
  const elementLines = linesOfOffsets(text, topLevelArrayElementOffsets(text));
  return value.map((element: unknown, i) => {
    const line = elementLines[i] ?? 1;
    return valueToDialogue(element, i, path, line, lines[line - 1] ?? "");
  });
}

/** Submissions and dialogues of a file, in file order (see the module comment for the formats). */
export async function* readConsensusInput(path: string): AsyncGenerator<Dialogue, void, undefined> {
  let first: Awaited<ReturnType<typeof firstNonBlankLine>>;
  try {
    first = await firstNonBlankLine(path);
  } catch {
    yield* readDialogues(path); // missing or unreadable: the dialogue reader's own error
    return;
  }
  const ext = extname(path).toLowerCase();
  const head = first?.line.trim() ?? "";
  const firstValue = head.startsWith("{") ? parsesAsJson(head) : undefined;
  if (first && (ext === ".jsonl" || ext === ".ndjson" || firstValue !== undefined) && ext !== ".json") {
    yield* isSubmissionValue(firstValue) ? jsonlSubmissions(path) : readDialogues(path);
    return;
  }
  if (first && (ext === ".json" || head.startsWith("[") || head.startsWith("{"))) {
    const text = await readWhole(path);
    const value = parsesAsJson(text);
    const holdsSubmission = Array.isArray(value) ? value.some(isSubmissionValue) : isSubmissionValue(value);
    if (holdsSubmission) yield* jsonDocumentSubmissions(path, text, value);
    else yield* readDialogues(path);
    return;
  }
  if (first) {
    try {
      detectFormat(first.line, path, first.lineNo);
    } catch (error) {
      if (!isDialogueParseError(error)) throw error;
      const content = await readWhole(path);
      yield submissionDialogue(basename(path, extname(path)) || basename(path), content, { file: path, line: 1 });
      return;
    }
  }
  yield* readDialogues(path);
}
