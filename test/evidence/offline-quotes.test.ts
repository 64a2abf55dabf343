/**
 * Issue 12: the offline judge used to turn every `"` of an utterance into `'`, so its quote of
 * `Let's meet at 5 o"clock` read `o'clock` and quote verification marked it unverified. An utterance
 * with a straight double quote is now quoted as written, inside “…”.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { checkQuotes, extractQuotes } from "../../evidence/quotes.js";
import { quoteUtterance } from "../../judges/offline/quote.js";
import { evaluateDialogue } from "../../index.js";
import { runCli } from "../support/cli.js";

const dialogue = (id: string, lines: readonly (readonly ["user" | "assistant", string])[]): Dialogue => ({
  id,
  turns: lines.map(([speaker, text]) => ({ speaker, text })),
});

/** Every utterance has a straight double quote: whatever the judge quotes has one. */
const TABLE = dialogue("table", [
  ["user", 'I need a table for two at 5 o"clock tonight.'],
  ["assistant", 'Sorry, we only have a table at 7 o"clock.'],
  ["user", 'That\'s not what I asked for, I wanted 5 o"clock.'],
  ["assistant", 'I apologise. I have booked you a table for two at 5 o"clock.'],
  ["user", 'Thanks, see you at 5 o"clock!'],
]);

const REFUND = dialogue("refund", [
  ["user", 'The shop said "no refunds" and I am really upset about it.'],
  ["assistant", 'I\'m sorry to hear that. "No refunds" only applies to sale items, so I have refunded you.'],
  ["user", 'Great, the "no refunds" sign confused me. Thanks a lot!'],
]);

describe("quoteUtterance", () => {
  it("keeps an utterance without double quotes in straight quotes, as before", () => {
    expect(quoteUtterance("user", "I really like  comedies.")).toBe('USER: "I really like comedies."');
  });

  it("wraps an utterance with a straight double quote in “…” and keeps its text as written", () => {
    expect(quoteUtterance("user", `Let's meet at 5 o"clock`)).toBe(`USER: “Let's meet at 5 o"clock”`);
    expect(quoteUtterance("assistant", `He said "no"`)).toBe(`SYSTEM: “He said "no"”`);
    expect(quoteUtterance("assistant", `He said "no" and “never”`)).toBe(`SYSTEM: «He said "no" and “never”»`);
  });

  it("gives quotes that verify against the transcript, alone and cut short", () => {
    const long = `We open at 9 o"clock ${"and then we wait for the delivery van to arrive ".repeat(4)}at the back door.`;
    const d = dialogue("d", [
      ["user", `Let's meet at 5 o"clock`],
      ["assistant", `He said "no"`],
      ["assistant", `He said "no" and “never” at 6 o"clock`],
      ["assistant", `He said "no" and “never” and «rien»`],
      ["user", long],
    ]);
    d.turns.forEach((turn, i) => {
      const quote = quoteUtterance(turn.speaker, turn.text);
      // The forms the evaluator's justification and the critic's comment give it.
      for (const text of [`TaskSuccess: the user is unhappy, e.g. ${quote}.`, `A 100 overlooks that the user is unhappy: ${quote}.`]) {
        expect(checkQuotes(text, d), text).toEqual([expect.objectContaining({ verified: true, turn: i + 1 })]);
      }
    });
  });
});

describe("extractQuotes", () => {
  it("takes a quote holding double quote marks as one quote, not one per pair inside it", () => {
    expect(extractQuotes(`USER: “He said "no" today”.`)).toEqual([`He said "no" today`]);
    expect(extractQuotes(`USER: “5 o"clock” and SYSTEM: “at 6 o"clock”`)).toEqual([`5 o"clock`, `at 6 o"clock`]);
    expect(extractQuotes(`USER: "I said “no” twice"`)).toEqual([`I said “no” twice`]);
  });
});

type QuoteCheck = { quote: string; verified: boolean; turn?: number };
type Audit = {
  evaluator_quotes: Record<string, QuoteCheck[]>;
  referee_decisions: { quotes: QuoteCheck[] }[];
  evidence_used: string[];
};
type PanelLine = { dialogue_id: string; audit: Audit; meta: { status: string; invalid_outputs: unknown } };

function expectAllVerified(line: PanelLine): void {
  const quotes = [...Object.values(line.audit.evaluator_quotes).flat(), ...line.audit.referee_decisions.flatMap((d) => d.quotes)];
  expect(quotes.length, line.dialogue_id).toBeGreaterThan(0);
  for (const q of quotes) {
    expect(q.quote, line.dialogue_id).toContain('"');
    expect(q, q.quote).toMatchObject({ verified: true, turn: expect.any(Number) });
  }
  expect(line.audit.evidence_used.length).toBeGreaterThan(0);
  for (const e of line.audit.evidence_used) expect(e).toContain('"');
}

describe("the offline panel on utterances with double quotes", () => {
  it("verifies every quote of its audit (evaluateDialogue)", async () => {
    for (const d of [TABLE, REFUND]) {
      const line = (await evaluateDialogue(d)) as unknown as PanelLine;
      expect(line.meta.status).toBe("scored");
      expectAllVerified(line);
    }
  });

  describe("through the CLI", () => {
    const dir = mkdtempSync(join(tmpdir(), "tribunal-quotes-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("verifies every quote of each line's audit", async () => {
      const file = join(dir, "quotes.jsonl");
      const jsonl = [TABLE, REFUND].map((d) => JSON.stringify({ id: d.id, messages: d.turns.map((t) => ({ role: t.speaker, content: t.text })) }));
      writeFileSync(file, `${jsonl.join("\n")}\n`);
      const run = await runCli(["evaluate", file]);
      expect(run.code, run.stderr).toBe(0);
      const lines = run.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as PanelLine);
      expect(lines.map((l) => l.dialogue_id)).toEqual(["table", "refund"]);
      for (const line of lines) expectAllVerified(line);
    });
  });
});
