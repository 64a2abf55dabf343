/** The language check behind the offline judge's non-English warning: deterministic, offline, cheap. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDialogues } from "../../dialogues/index.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { guessLanguage, MIN_WORDS, nonEnglishLanguage } from "../../evidence/language.js";
import { answeredOffline, languageWarnings } from "../../api/language.js";
import { ROOT } from "../support/cli.js";
import { chat, LANGUAGES, NON_ENGLISH, warningFor } from "./language-helpers.js";
import type { JudgedLine } from "../../results/line.js";

/** The bundled examples that are dialogues (candidates.jsonl holds texts, not dialogues). */
function exampleDialogues(): Dialogue[] {
  const files = readdirSync(join(ROOT, "examples")).filter((f) => f !== "candidates.jsonl");
  expect(files.length).toBeGreaterThanOrEqual(4);
  return files.flatMap((f) => parseDialogues(readFileSync(join(ROOT, "examples", f), "utf8"), f));
}

function line(meta: Partial<JudgedLine["meta"]>, status?: "unscored"): JudgedLine {
  return { dialogue_id: "x", ...(status ? { status } : {}), meta: { scored_by: "gpt-4o-mini", fallbacks: [], warnings: [], ...meta } } as unknown as JudgedLine;
}

describe("nonEnglishLanguage", () => {
  it("names the language of French, Spanish, German, Chinese and Russian customer-service dialogues", () => {
    expect(NON_ENGLISH.map((d) => [d.id, nonEnglishLanguage(d)])).toEqual(Object.entries(LANGUAGES));
  });

  it("finds no non-English dialogue among the bundled English examples", () => {
    const dialogues = exampleDialogues();
    expect(dialogues.length).toBeGreaterThanOrEqual(10);
    expect(dialogues.filter((d) => nonEnglishLanguage(d) !== undefined).map((d) => d.id)).toEqual([]);
  });

  it("says nothing about a short chat, emoji, or English with foreign names in it", () => {
    expect(nonEnglishLanguage(chat("hi", "hello, how can I help?"))).toBeUndefined();
    expect(guessLanguage(["hi", "hello, how can I help?"]).words).toBeLessThan(MIN_WORDS);
    // Too short to tell, even when it is not English.
    expect(nonEnglishLanguage(chat("Bonjour", "Bonjour, je vous écoute."))).toBeUndefined();
    expect(nonEnglishLanguage(chat("Thanks 😊😊😊 great 👍👍 see you 🙏", "You're welcome 🙂 have a lovely day, and write again whenever you need us!"))).toBeUndefined();
    expect(nonEnglishLanguage(chat("Hallo Frau Müller!", "Your order to Lindenstraße 12, Berlin is on the way and will arrive on Monday; the tracking number is in the email. Danke!"))).toBeUndefined();
    expect(nonEnglishLanguage(chat("Can you translate 谢谢 for me?", "Sure: 谢谢 (xièxie) means “thank you” in Mandarin Chinese, and 不客气 is how you answer it."))).toBeUndefined();
  });

  it("flags the answers alone when the assistant replies in another language than the user", () => {
    const d = chat(
      "Hi, I need to change the delivery address of my order to 12 Elm Street, please.",
      "Bien sûr, je modifie l'adresse de livraison de votre commande pour le 12 Elm Street. Vous recevrez une confirmation par e-mail.",
    );
    expect(guessLanguage(d.turns.map((t) => t.text)).nonEnglish).toBe(false);
    expect(nonEnglishLanguage(d)).toBe("French");
  });

  it("names a script it knows, and says unknown for a Latin-script language it has no words for", () => {
    expect(nonEnglishLanguage(chat("注文したラーメンがまだ届いていません。", "申し訳ございません。すぐに配送状況を確認いたします。"))).toBe("Japanese");
    expect(nonEnglishLanguage(chat("Siparişim hâlâ gelmedi, lütfen yardım edin.", "Özür dileriz, siparişinizi hemen kontrol ediyorum ve kargo firmasıyla görüşüyorum."))).toBe("unknown");
  });

  it("is deterministic and reads a long dialogue no slower than its first few thousand characters", () => {
    const long = chat(...Array.from({ length: 2000 }, (_, i) => (i % 2 === 0 ? "Where is my parcel? It was due on Monday." : "I am checking that for you right now.")));
    const start = performance.now();
    for (let i = 0; i < 50; i++) expect(nonEnglishLanguage(long)).toBeUndefined();
    expect((performance.now() - start) / 50).toBeLessThan(5);
    for (const d of NON_ENGLISH) expect(nonEnglishLanguage(d)).toBe(nonEnglishLanguage(structuredClone(d)));
  });
});

describe("languageWarnings", () => {
  const french = NON_ENGLISH[0] as Dialogue;
  const llm = { evaluator: "gpt-4o-mini", critic: "gpt-4o-mini" };

  it("warns when the offline judge answered for some agent: a role of the run, a fallback, or scored_by", () => {
    expect(answeredOffline(line({ scored_by: "offline" }), { evaluator: "offline", critic: "offline" })).toBe(true);
    expect(answeredOffline(line({}), { evaluator: "gpt-4o-mini", critic: "offline" })).toBe(true);
    expect(answeredOffline(line({ fallbacks: [{ agent: "critic", kind: "timeout", message: "timed out" }] }), llm)).toBe(true);
    expect(answeredOffline(line({ scored_by: { evaluator: "gpt-4o-mini", critic: "offline-fallback" } }), llm)).toBe(true);
    expect(languageWarnings(line({ scored_by: "offline" }), french, { evaluator: "offline", critic: "offline" })).toEqual([warningFor("French")]);
  });

  it("stays silent for a line an LLM scored alone, for an unscored line, and for English", () => {
    expect(answeredOffline(line({}), llm)).toBe(false);
    expect(languageWarnings(line({}), french, llm)).toEqual([]);
    expect(languageWarnings(line({ scored_by: null }, "unscored"), french, { evaluator: "offline" })).toEqual([]);
    expect(languageWarnings(line({ scored_by: "offline" }), exampleDialogues()[0] as Dialogue, { evaluator: "offline" })).toEqual([]);
  });
});
