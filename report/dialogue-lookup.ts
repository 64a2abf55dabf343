import { indexDialogues } from "../agreement/join.js";
import type { Dialogue } from "../dialogues/dialogue.js";
import { isDialogueParseError } from "../dialogues/errors.js";
import { readDialogues } from "../dialogues/read.js";
import { PROTOCOLS, type ProtocolEntry, type ProtocolId } from "../graphs/registry.js";

type Reader = (file: string) => AsyncIterable<Dialogue>;

/** The dialogues of one file, found the way `--labels` joins them: by id, then a whole number as the 0-based position. */
export interface DialogueLookup {
  file: string;
  dialogues: readonly Dialogue[];
  find(id: string | number): Dialogue | undefined;
}

function dialogueLookup(file: string, dialogues: readonly Dialogue[]): DialogueLookup {
  const index = indexDialogues(dialogues);
  return {
    file,
    dialogues,
    find: (id) => {
      const at = index(id);
      return at === undefined ? undefined : dialogues[at];
    },
  };
}

/**
 * The reader `tribunal evaluate` used for these results: the protocols' own input reader when they
 * share one (pairwise: pairs {id, a, b}; consensus: submissions too), else `readDialogues`.
 */
function readerFor(protocols: readonly ProtocolId[]): Reader {
  const readers = [...new Set(protocols.map((p) => (PROTOCOLS[p] as ProtocolEntry).readInput ?? readDialogues))];
  return readers.length === 1 ? (readers[0] as Reader) : readDialogues;
}

async function readAll(read: Reader, file: string): Promise<Dialogue[]> {
  const dialogues: Dialogue[] = [];
  for await (const d of read(file)) dialogues.push(d);
  return dialogues;
}

/** Reads a labels file: dialogues, as `tribunal agree` reads them. */
export async function readLabels(file: string): Promise<DialogueLookup> {
  return dialogueLookup(file, await readAll(readDialogues, file));
}

/**
 * Reads the file the results were produced from (`--dialogues`) with the reader of their protocols.
 * A file that reader refuses is read as dialogues, for pairs whose sides it holds by id (as
 * `tribunal agree --pairs` finds them); when that fails too, the first reader's error stands.
 */
export async function readDialogueFile(file: string, protocols: readonly ProtocolId[]): Promise<DialogueLookup> {
  const own = readerFor(protocols);
  try {
    return dialogueLookup(file, await readAll(own, file));
  } catch (e) {
    if (own === readDialogues || !isDialogueParseError(e)) throw e;
    const dialogues = await readAll(readDialogues, file).catch(() => {
      throw e;
    });
    return dialogueLookup(file, dialogues);
  }
}
