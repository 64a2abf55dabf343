import type { Dialogue } from "../dialogues/dialogue.js";
import { DialogueParseError } from "../dialogues/errors.js";
import { readDialogues } from "../dialogues/read.js";
import { idKey } from "./resume.js";

export type ReadInput = (file: string) => AsyncIterable<Dialogue>;

/**
 * Reads the whole file once without judging anything, so that bad input fails before any output:
 * the number of dialogues and their ids. An id given twice is an error naming both places, since
 * result lines are joined back and resumed by id.
 */
export async function scanInput(file: string, read: ReadInput = readDialogues): Promise<{ count: number; ids: Set<string> }> {
  const ids = new Map<string, number>();
  let count = 0;
  for await (const dialogue of read(file)) {
    count++;
    const key = idKey(dialogue.id);
    const where = dialogue.source?.line ?? count;
    const first = ids.get(key);
    if (first !== undefined) {
      throw new DialogueParseError(dialogue.source?.file ?? file, where, `dialogue ids used once (results are joined and resumed by id)`, `${String(dialogue.id)} again, first at line ${first}`);
    }
    ids.set(key, where);
  }
  return { count, ids: new Set(ids.keys()) };
}
