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

async function readWhole(path: string, name: string): Promise<string> {
  const bytes = await readFile(path);
  if (bytes.length > MAX_SUBMISSION_FILE_CHARS) throw new DialogueParseError(name, 0, `a submission file of at most ${MAX_SUBMISSION_FILE_CHARS / 1024 / 1024} MB`, `${bytes.length} bytes`);
  if (bytes.includes(0)) throw new DialogueParseError(name, 1, "a UTF-8 text file (found a NUL byte)", "");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new DialogueParseError(name, 1, "a UTF-8 text file (found invalid UTF-8)", "");
  }
}

async function* jsonlSubmissions(path: string, name: string): AsyncGenerator<Dialogue> {
  let position = 0;
  for await (const { text, lineNo } of nonBlankLines(path)) {
    const value = parsesAsJson(text);
    if (value === undefined) throw new DialogueParseError(name, lineNo, "valid JSON", text);
    yield valueToDialogue(value, position++, name, lineNo, text);
  }
}

function jsonDocumentSubmissions(name: string, text: string, value: unknown): Dialogue[] {
  const lines = text.split(/\r\n|\n|\r/);
  if (!Array.isArray(value)) return [valueToDialogue(value, 0, name, 1, lines[0] ?? "")];
  const elementLines = linesOfOffsets(text, topLevelArrayElementOffsets(text));
  return value.map((element: unknown, i) => {
    const line = elementLines[i] ?? 1;
    return valueToDialogue(element, i, name, line, lines[line - 1] ?? "");
  });
}

/**
 * Submissions and dialogues of a file, in file order (see the module comment for the formats). `name`
 * is what errors, sources and a whole-file submission's id go by (`-` for stdin buffered to `path`).
 */
export async function* readConsensusInput(path: string, name = path): AsyncGenerator<Dialogue, void, undefined> {
  let first: Awaited<ReturnType<typeof firstNonBlankLine>>;
  try {
    first = await firstNonBlankLine(path);
  } catch {
    yield* readDialogues(path, name); // missing or unreadable: the dialogue reader's own error
    return;
  }
  const ext = extname(name).toLowerCase();
  const head = first?.line.trim() ?? "";
  const firstValue = head.startsWith("{") ? parsesAsJson(head) : undefined;
  if (first && (ext === ".jsonl" || ext === ".ndjson" || firstValue !== undefined) && ext !== ".json") {
    yield* isSubmissionValue(firstValue) ? jsonlSubmissions(path, name) : readDialogues(path, name);
    return;
  }
  if (first && (ext === ".json" || head.startsWith("[") || head.startsWith("{"))) {
    const text = await readWhole(path, name);
    const value = parsesAsJson(text);
    const holdsSubmission = Array.isArray(value) ? value.some(isSubmissionValue) : isSubmissionValue(value);
    if (holdsSubmission) yield* jsonDocumentSubmissions(name, text, value);
    else yield* readDialogues(path, name);
    return;
  }
  if (first) {
    try {
      detectFormat(first.line, name, first.lineNo);
    } catch (error) {
      if (!isDialogueParseError(error)) throw error;
      const content = await readWhole(path, name);
      yield submissionDialogue(basename(name, extname(name)) || basename(name), content, { file: name, line: 1 });
      return;
    }
  }
  yield* readDialogues(path, name);
}
