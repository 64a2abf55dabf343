/**
 * The non-English warning through the one judge path: `tribunal evaluate` and `evaluateDialogue`
 * with the offline judge warn, a line an LLM scored alone does not, a short English chat never does.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evaluateDialogue } from "../../index.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { ScriptedChatModel } from "../support/scripted-model.js";
import { critique, verdicts } from "../panel/helpers.js";
import { runCli } from "../support/cli.js";
import { chat, isLanguageWarning, LANGUAGES, NON_ENGLISH, NON_ENGLISH_FILE, warningFor } from "./language-helpers.js";

const dir = mkdtempSync(join(tmpdir(), "tribunal-language-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const firstUserText = (d: Dialogue): string => d.turns.find((t) => t.speaker === "user")?.text ?? "";

/** A panel model answering every call: 80s quoting the dialogue's first user turn, and an agreeing critic. */
function panelModel(dialogue: Dialogue) {
  return new ScriptedChatModel(({ role }) => (role === "evaluator" ? verdicts([80, 80, 80, 80, 80, 80], `USER: "${firstUserText(dialogue)}"`) : { critic: critique() }));
}

describe("tribunal evaluate on non-English dialogues", () => {
  it("warns on every line, naming the language, and the English examples get no such warning", async () => {
    const out = join(dir, "non-english.jsonl");
    const english = join(dir, "english.jsonl");
    const [run, plain] = await Promise.all([
      runCli(["evaluate", NON_ENGLISH_FILE, "--out", out, "--progress", "none"]),
      runCli(["evaluate", "examples/customer-service.jsonl", "--out", english, "--progress", "none"]),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const lines = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { dialogue_id: string; meta: { scored_by: unknown; warnings: string[] } });
    expect(lines.map((l) => [l.dialogue_id, l.meta.scored_by, l.meta.warnings]).sort()).toEqual(
      Object.entries(LANGUAGES).map(([id, language]) => [id, "offline", [warningFor(language)]]).sort(),
    );

    expect(plain.code, plain.stderr).toBe(0);
    const warnings = readFileSync(english, "utf8").trim().split("\n").flatMap((l) => (JSON.parse(l) as { meta: { warnings: string[] } }).meta.warnings);
    expect(warnings.filter(isLanguageWarning)).toEqual([]);
  }, 120_000);
});

describe("evaluateDialogue on non-English dialogues", () => {
  it("warns with the offline judge, for every protocol", async () => {
    for (const dialogue of NON_ENGLISH) {
      const expected = warningFor(LANGUAGES[dialogue.id as string] as string);
      for (const protocol of ["panel", "consensus", "checklist", "barem"] as const) {
        const result = await evaluateDialogue(dialogue, { protocol });
        expect(result.meta.status, `${dialogue.id} ${protocol}`).toBe("scored");
        expect(result.meta.warnings, `${dialogue.id} ${protocol}`).toEqual([expected]);
      }
    }
  });

  it("does not warn when an LLM scored the line alone, and warns when an agent fell back to the offline judge", async () => {
    const dialogue = NON_ENGLISH[0] as Dialogue;
    const scored = await evaluateDialogue(dialogue, { model: panelModel(dialogue) });
    expect(scored.meta).toMatchObject({ status: "scored", scored_by: "injected", fallbacks: [] });
    expect(scored.meta.warnings).toEqual([]);

    const broken = new ScriptedChatModel(() => new Error("upstream exploded"));
    const fellBack = await evaluateDialogue(dialogue, { model: broken, maxRetries: 0 });
    expect(fellBack.meta.fallbacks.length).toBeGreaterThan(0);
    expect(fellBack.meta.warnings).toEqual([warningFor("French")]);
  });

  it("does not warn on a short English chat", async () => {
    const result = await evaluateDialogue(chat("hi", "hello, how can I help?"));
    expect(result.meta.warnings.filter(isLanguageWarning)).toEqual([]);
  });
});
