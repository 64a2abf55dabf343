import type { Dialogue } from "../dialogues/dialogue.js";
import { isPairDialogue } from "../nodes/pairwise/pair.js";
import { citations, type Citation } from "./citations.js";
import type { DialogueLookup } from "./dialogue-lookup.js";
import type { ReportLine } from "./lines.js";
import type { Detail, TranscriptView } from "./model.js";
import { placeCitations } from "./place-citations.js";

interface Shown {
  transcripts: TranscriptView[];
  notes: string[];
}

/** A pair line's two sides: the pair itself when the file holds pairs (`{id, a, b}`), else each side by its id. */
function pairSides(line: ReportLine, body: Detail["body"], lookup: DialogueLookup): { side: "A" | "B"; id: string; dialogue: Dialogue | undefined }[] | null {
  const own = lookup.find(line.id);
  if (own && isPairDialogue(own)) return [{ side: "A", id: String(own.pair.a.id), dialogue: own.pair.a }, { side: "B", id: String(own.pair.b.id), dialogue: own.pair.b }];
  if (body?.protocol !== "pairwise") return null;
  return [
    { side: "A", id: body.pair.a, dialogue: lookup.find(body.pair.a) },
    { side: "B", id: body.pair.b, dialogue: lookup.find(body.pair.b) },
  ];
}

const mismatchNote = (n: number, label: string, file: string): string =>
  `${n} quote${n === 1 ? "" : "s"} found in the dialogue when it was judged ${n === 1 ? "is" : "are"} not in ${label === "Transcript" ? "this transcript" : `side ${label}`}: ${file} may not be the file these results were produced from`;

/**
 * The transcript(s) of one result line from the dialogues file, with the turns its verdicts quote
 * marked, and notes for what cannot be shown: a dialogue not in the file, quotes the judge found
 * that the transcript does not hold.
 */
export function transcriptsOf(line: ReportLine, body: Detail["body"], lookup: DialogueLookup): Shown {
  const cited = citations(body);
  const shown: Shown = { transcripts: [], notes: [] };
  const show = (label: string, dialogue: Dialogue, own: readonly Citation[]) => {
    const placed = placeCitations(label, dialogue, own);
    shown.transcripts.push(placed.view);
    if (placed.mismatched > 0) shown.notes.push(mismatchNote(placed.mismatched, label, lookup.file));
  };
  const sides = pairSides(line, body, lookup);
  if (sides) {
    for (const s of sides) {
      if (s.dialogue) show(s.side, s.dialogue, cited.filter((c) => c.side === s.side));
      else shown.notes.push(`side ${s.side} (${s.id}) is not in ${lookup.file}`);
    }
    return shown;
  }
  const dialogue = lookup.find(line.id);
  if (dialogue) show("Transcript", dialogue, cited);
  else shown.notes.push(`dialogue ${line.id} is not in ${lookup.file}`);
  return shown;
}
