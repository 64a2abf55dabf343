import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDialogues } from "../../dialogues/index.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { ROOT } from "../support/cli.js";

/** French, Spanish, German, Chinese and Russian customer-service dialogues, with the language each must be named. */
export const NON_ENGLISH_FILE = join(ROOT, "test/evidence/fixtures/non-english.jsonl");
export const NON_ENGLISH: Dialogue[] = parseDialogues(readFileSync(NON_ENGLISH_FILE, "utf8"), "non-english.jsonl");
export const LANGUAGES: Record<string, string> = {
  "fr-livraison": "French",
  "es-reembolso": "Spanish",
  "de-adresse": "German",
  "zh-tuikuan": "Chinese",
  "ru-dostavka": "Russian",
};

/** The warning a non-English dialogue gets when the offline judge answered for some agent. */
export const warningFor = (language: string): string =>
  `the dialogue looks non-English (${language}): the offline judge reads English cue words only, so its scores here do not reflect the assistant's answers; use an LLM judge (--model)`;

export const isLanguageWarning = (warning: string): boolean => warning.startsWith("the dialogue looks non-English");

/** A chat alternating user and assistant turns. */
export const chat = (...texts: string[]): Dialogue => ({
  id: "chat",
  turns: texts.map((text, i) => ({ speaker: i % 2 === 0 ? "user" : "assistant", text })),
});
