import { basename } from "node:path";
import type { Dialogue } from "../dialogues/dialogue.js";
import { DialogueParseError } from "../dialogues/errors.js";
import { readDialogues } from "../dialogues/read.js";
import type { InputSource } from "./input-sources.js";
import { idKey } from "./resume.js";

/** A file's dialogues, in order; `name` is what errors and sources call it. */
export type ReadInput = (file: string, name?: string) => AsyncIterable<Dialogue>;

/** A run's input as scanned: its size, the keys (`idKey`) of the ids it judges, and the prefix each file's ids get. */
export interface ScannedInput {
  count: number;
  ids: Set<string>;
  /** Per source: `a.jsonl:` when the files' ids collide, undefined when ids are kept as they are. */
  prefixes: (string | undefined)[];
}

interface SeenId {
  id: Dialogue["id"];
  line: number;
}

/** What prefixes a file's ids: its base name, or the name as given when two files share a base name. */
function idLabels(sources: readonly InputSource[]): string[] {
  const bases = sources.map((s) => basename(s.name));
  return new Set(bases).size === bases.length ? bases : sources.map((s) => s.name);
}

/** One file's ids; an id given twice is an error naming both places, since result lines are joined back and resumed by id. */
async function scanOne(source: InputSource, read: ReadInput): Promise<Map<string, SeenId>> {
  const ids = new Map<string, SeenId>();
  let count = 0;
  for await (const dialogue of read(source.path, source.name)) {
    count++;
    const key = idKey(dialogue.id);
    const where = dialogue.source?.line ?? count;
    const first = ids.get(key);
    if (first !== undefined) {
      throw new DialogueParseError(dialogue.source?.file ?? source.name, where, `dialogue ids used once (results are joined and resumed by id)`, `${String(dialogue.id)} again, first at line ${first.line}`);
    }
    ids.set(key, { id: dialogue.id, line: where });
  }
  return ids;
}

/**
 * Reads every input file once without judging anything, so that bad input fails before any output.
 * When an id occurs in more than one file, every id is prefixed with its file's base name
 * (`a.jsonl:0`), so each line still names one dialogue.
 */
export async function scanInputs(sources: readonly InputSource[], read: ReadInput = readDialogues): Promise<ScannedInput> {
  const perSource: Map<string, SeenId>[] = [];
  for (const source of sources) perSource.push(await scanOne(source, read));
  const count = perSource.reduce((n, ids) => n + ids.size, 0);
  const keys = perSource.flatMap((ids) => [...ids.keys()]);
  const unique = new Set(keys);
  if (unique.size === keys.length) return { count, ids: unique, prefixes: sources.map(() => undefined) };

  const prefixes = idLabels(sources).map((label) => `${label}:`);
  const prefixed = new Map<string, { name: string; line: number }>();
  perSource.forEach((ids, i) => {
    const name = (sources[i] as InputSource).name;
    for (const { id, line } of ids.values()) {
      const key = idKey(`${prefixes[i]}${String(id)}`);
      const first = prefixed.get(key);
      // Only ids like 1 and "1" in one file meet here: they differ as ids but not once written after a prefix.
      if (first) throw new DialogueParseError(name, line, "dialogue ids that stay distinct once prefixed with the file name (ids repeat across the input files)", `${String(id)}, like line ${first.line}`);
      prefixed.set(key, { name, line });
    }
  });
  return { count, ids: new Set(prefixed.keys()), prefixes };
}

/** The dialogues of every input file in order, read lazily, with the ids `scanInputs` planned. */
export async function* readInputs(sources: readonly InputSource[], read: ReadInput, prefixes: readonly (string | undefined)[]): AsyncGenerator<Dialogue> {
  for (const [i, source] of sources.entries()) {
    const prefix = prefixes[i];
    for await (const dialogue of read(source.path, source.name)) yield prefix === undefined ? dialogue : { ...dialogue, id: `${prefix}${String(dialogue.id)}` };
  }
}
