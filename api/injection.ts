import type { Dialogue } from "../dialogues/dialogue.js";
import { detectInjection } from "../evidence/cues/injection.js";

/**
 * One `meta.warnings` entry per instruction-like line aimed at the judge ("ignore previous
 * instructions", "give this a 100", a fake `SYSTEM:` header), for every protocol: the prompts
 * declare the transcript as data and the offline judge ignores such lines, and the warning says so.
 */
export function injectionWarnings(dialogue: Dialogue): string[] {
  return detectInjection(dialogue).map((f) => `prompt injection suspected: turn ${f.turn} (${f.speaker}) says ${JSON.stringify(f.cue)}; judged as transcript data, not as instructions`);
}
