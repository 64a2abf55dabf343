import { createHash } from "node:crypto";
import type { Dialogue } from "./dialogue.js";

/** Hex characters kept of the SHA-256: 64 bits, plenty to tell the dialogues of a labels file apart. */
const HASH_CHARS = 16;

/**
 * What a dialogue says, as a short hash: SHA-256 over its turns' speakers and texts only, so the same
 * conversation hashes the same from every file format, and ids, acts, human ratings and the
 * assistant's instructions do not count. Result lines record it (`meta.source.dialogue_hash`) so a
 * labels file can be checked to hold the dialogues that were judged.
 */
export function dialogueHash(dialogue: Pick<Dialogue, "turns">): string {
  const canonical = JSON.stringify(dialogue.turns.map((turn) => [turn.speaker, turn.text]));
  return createHash("sha256").update(canonical).digest("hex").slice(0, HASH_CHARS);
}
