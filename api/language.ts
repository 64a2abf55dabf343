import type { Dialogue } from "../dialogues/dialogue.js";
import { nonEnglishLanguage } from "../evidence/language.js";
import type { JudgedLine } from "../results/line.js";

/**
 * Whether the offline judge answered for some agent of a line: a role of the run is `offline`, an
 * agent fell back to it (`meta.fallbacks`), or `meta.scored_by` names it. An unscored line has no
 * scores to speak of.
 */
export function answeredOffline(line: JudgedLine, roleModels: Readonly<Record<string, string>>): boolean {
  if (line.status === "unscored") return false;
  if (Object.values(roleModels).includes("offline")) return true;
  if (line.meta.fallbacks.length > 0) return true;
  const by = line.meta.scored_by;
  if (by === null) return false;
  return (typeof by === "string" ? [by] : Object.values(by)).some((who) => who.includes("offline"));
}

/**
 * The `meta.warnings` entry of a non-English dialogue the offline judge answered for: its cues are
 * English words only, so its scores there say nothing about the assistant. LLM judges read any
 * language: a line they scored alone gets no warning.
 */
export function languageWarnings(line: JudgedLine, dialogue: Dialogue, roleModels: Readonly<Record<string, string>>): string[] {
  if (!answeredOffline(line, roleModels)) return [];
  const language = nonEnglishLanguage(dialogue);
  if (language === undefined) return [];
  return [
    `the dialogue looks non-English (${language}): the offline judge reads English cue words only, so its scores here do not reflect the assistant's answers; use an LLM judge (--model)`,
  ];
}
