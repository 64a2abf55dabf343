/**
 * `tribunal compare a b`: the two dialogue files (any format `readDialogues` reads) joined by dialogue
 * id into pairs, A from the first file and B from the second. An id names one scenario (a user goal,
 * a context) that both versions of the assistant went through.
 */
import type { Dialogue } from "../../dialogues/dialogue.js";
import { DialogueParseError } from "../../dialogues/errors.js";
import { readDialogues } from "../../dialogues/read.js";
import { nonBlankLines } from "../../dialogues/text-lines.js";
import { pairDialogue, type PairDialogue } from "./pair.js";

export interface JoinedFiles {
  /** One pair per id found in both files, in the first file's order; the pair's id is that id. */
  pairs: PairDialogue[];
  /** Ids (as text) found only in the first file, in its order: not compared. */
  onlyA: string[];
  /** Ids (as text) found only in the second file, in its order: not compared. */
  onlyB: string[];
}

/** The two files share no dialogue id: nothing to compare. */
export class PairJoinError extends Error {
  override name = "PairJoinError" as const;
  readonly code = "TRIBUNAL_NO_COMMON_IDS" as const;
}

export function isPairJoinError(e: unknown): e is PairJoinError {
  return typeof e === "object" && e !== null && (e as { name?: unknown }).name === "PairJoinError";
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The first non-blank line of a file (within its first MB) and its 1-based number, or undefined (empty or unreadable: readDialogues says why). */
async function firstLine(file: string): Promise<{ text: string; line: number } | undefined> {
  try {
    for await (const { text, lineNo } of nonBlankLines(file, { maxBytes: 1 << 20 })) return { text, line: lineNo };
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * Result lines and pairs files are JSONL too, and `readDialogues` would only say "expected a dialogue
 * object": say what the file is and what compare wants instead.
 */
async function refuseNonDialogueJsonl(file: string): Promise<void> {
  const first = await firstLine(file);
  if (!first) return;
  let value: unknown;
  try {
    value = JSON.parse(first.text);
  } catch {
    return;
  }
  if (!isRecord(value) || "messages" in value) return;
  if ("dialogue_id" in value && "meta" in value) {
    throw new DialogueParseError(file, first.line, "a dialogue file: this is a result line of tribunal evaluate, and compare judges the dialogues themselves (give the two transcript files)", first.text);
  }
  if ("a" in value && "b" in value) {
    throw new DialogueParseError(file, first.line, "a dialogue file: this is a pairs file; judge it with tribunal evaluate <pairs.jsonl> --protocol pairwise", first.text);
  }
}

async function dialoguesById(file: string): Promise<Map<string, Dialogue>> {
  await refuseNonDialogueJsonl(file);
  const byId = new Map<string, Dialogue>();
  let position = 0;
  for await (const dialogue of readDialogues(file)) {
    position++;
    const key = String(dialogue.id);
    const first = byId.get(key);
    if (first !== undefined) {
      throw new DialogueParseError(file, dialogue.source?.line ?? position, "dialogue ids used once (compare joins the two files by id)", `${key} again, first at line ${first.source?.line ?? "?"}`);
    }
    byId.set(key, dialogue);
  }
  return byId;
}

const sample = (ids: readonly string[]) => `${ids.slice(0, 5).map((id) => JSON.stringify(id)).join(", ")}${ids.length > 5 ? ", …" : ""}`;

/**
 * Joins the dialogues of two files by id (as text: `7` and `"7"` are one id; a dialogue without an id
 * has its 0-based position). Ids in only one file are returned, not dropped silently; none in common is
 * a PairJoinError, a bad file a DialogueParseError. Ratings never reach the pairs (labels are not input).
 */
export async function joinDialogueFiles(aFile: string, bFile: string): Promise<JoinedFiles> {
  const a = await dialoguesById(aFile);
  const b = await dialoguesById(bFile);
  const pairs: PairDialogue[] = [];
  const onlyA: string[] = [];
  for (const [key, dialogue] of a) {
    const other = b.get(key);
    if (other) pairs.push(pairDialogue(dialogue.id, dialogue, other));
    else onlyA.push(key);
  }
  const onlyB = [...b.keys()].filter((key) => !a.has(key));
  if (pairs.length === 0) {
    throw new PairJoinError(`${aFile} and ${bFile} share no dialogue id, so there is nothing to compare: compare joins the two files by id (${aFile}: ${a.size} dialogues, e.g. ${sample(onlyA)}; ${bFile}: ${b.size}, e.g. ${sample(onlyB)})`);
  }
  return { pairs, onlyA, onlyB };
}
