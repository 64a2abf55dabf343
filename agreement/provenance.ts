/**
 * Checks that a labels file holds the dialogues the results were judged on: each result line records
 * the hash of its dialogue's turns (`meta.source.dialogue_hash`), and the labelled dialogue it joins
 * must hash the same. Otherwise the figures would compare the judge with ratings of other dialogues
 * that happen to share an id or a position. Lines written before the hash was recorded cannot be
 * checked: they are counted, and the caller is warned.
 */
import type { Dialogue } from "../dialogues/dialogue.js";
import { dialogueHash } from "../dialogues/hash.js";
import { AgreementInputError } from "./errors.js";
import { indexDialogues } from "./join.js";
import type { NumberedResult } from "./read-results.js";
import { detectProtocol } from "./result-line.js";

export interface ProvenanceFiles {
  results: string;
  labels: string;
}

/** Receives the one warning about lines that could not be checked. */
export type WarningSink = (message: string) => void;

/**
 * Whether `r` recorded its dialogue's hash; throws an AgreementInputError naming both sides when the
 * labelled turns (`labelled`, found at `labelledAt`) hash differently.
 */
export function matchesLabels(r: NumberedResult, labelled: Pick<Dialogue, "turns">, labelledAt: string, files: ProvenanceFiles): boolean {
  const source = r.result.meta?.source;
  if (!source) return false;
  const expected = dialogueHash(labelled);
  if (source.dialogue_hash !== expected) {
    const judgedFrom = source.file === null ? "a dialogue given to the library" : source.file;
    throw new AgreementInputError(
      `${files.results}:${r.line}: dialogue ${JSON.stringify(r.result.dialogue_id)} was judged from ${judgedFrom} (dialogue_hash ${source.dialogue_hash}), but ${labelledAt} holds a different dialogue under that id (dialogue_hash ${expected}); pass the labels file the results were judged from`,
    );
  }
  return true;
}

/** The warning about `unchecked` of `total` lines without `meta.source`, or none. */
export function uncheckedWarning(unchecked: number, total: number, files: ProvenanceFiles): string | undefined {
  if (unchecked === 0) return undefined;
  return `${files.results}: ${unchecked} of ${total} result lines have no meta.source (written before it was recorded), so whether ${files.labels} holds the dialogues they judged was not checked`;
}

/**
 * Checks every line that names one labelled dialogue (pairwise lines name two and are checked by
 * `tribunal agree --pairs`); a line whose id is not in the labels is left to the join to report.
 */
export function checkProvenance(results: readonly NumberedResult[], dialogues: readonly Dialogue[], files: ProvenanceFiles, warn?: WarningSink): void {
  const find = indexDialogues(dialogues);
  let unchecked = 0;
  let checked = 0;
  for (const r of results) {
    if (detectProtocol(r.result) === "pairwise") continue;
    const index = find(r.result.dialogue_id);
    if (index === undefined) continue;
    const dialogue = dialogues[index] as Dialogue;
    const at = `${files.labels}:${dialogue.source?.line ?? index + 1}`;
    if (matchesLabels(r, dialogue, at, files)) checked++;
    else unchecked++;
  }
  const warning = uncheckedWarning(unchecked, checked + unchecked, files);
  if (warning) warn?.(warning);
}
