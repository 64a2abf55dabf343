/**
 * The size estimate that spares most dialogues the size probe (api/input-size.ts `estimatedTokens`):
 * on every protocol's longest path, for real dialogues (CCPE, MWOZ, the bundled examples) and for
 * shapes that strain a per-byte bound (many one-word turns, non-Latin text, a long system prompt),
 * the largest request the probe counts exactly is never above the estimate.
 */
import { describe, expect, it } from "vitest";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { readDialogues } from "../../dialogues/read.js";
import { PROTOCOLS, type ProtocolEntry } from "../../graphs/registry.js";
import { estimatedTokens, largestRequest, measureSizeBase } from "../../api/input-size.js";
import { createSizeProbe } from "../../api/size-probe.js";
import { PROBE_DIALOGUE } from "../../judges/probe.js";
import { pairDialogue } from "../../nodes/pairwise/pair.js";
import { ROOT } from "../support/cli.js";
import { ussFile } from "../support/uss-data.js";

async function every(file: string, step: number): Promise<Dialogue[]> {
  const out: Dialogue[] = [];
  let i = 0;
  for await (const d of readDialogues(file)) if (i++ % step === 0) out.push(d);
  return out;
}

const oneWordTurns: Dialogue = { id: "one-word-turns", turns: Array.from({ length: 300 }, (_, i) => ({ speaker: i % 2 === 0 ? "user" : "assistant", text: i % 2 === 0 ? "ok" : "yes" })) };
const nonLatin: Dialogue = {
  id: "non-latin",
  turns: Array.from({ length: 40 }, (_, i) => ({ speaker: i % 2 === 0 ? "user" : "assistant", text: i % 2 === 0 ? "我的订单 4411 还没有到，请帮我查一下物流状态。" : "非常抱歉，您的包裹已于今天早上离开仓库，预计明天送达。🙂" })),
};
const longSystemPrompt: Dialogue = { ...PROBE_DIALOGUE, id: "system-prompt", systemPrompt: "You are a helpful travel agent. Always confirm dates and prices. ".repeat(200) };

/** The protocol's inputs: the dialogues, or for a pair protocol each dialogue paired with the next. */
function inputsFor(protocol: ProtocolEntry, plain: Dialogue[]): Dialogue[] {
  return protocol.baseDialogue ? plain.slice(1).map((d, i) => pairDialogue(`pair-${i}`, plain[i] as Dialogue, d)) : plain;
}

describe("estimatedTokens", async () => {
  const plain = [
    ...(await every(ussFile("CCPE.txt"), 10)),
    ...(await every(ussFile("MWOZ.txt"), 10)),
    ...(await every(`${ROOT}/examples/customer-service.jsonl`, 1)),
    ...(await every(`${ROOT}/examples/coaching.json`, 1)),
    ...(await every(`${ROOT}/examples/preference-elicitation.tsv`, 1)),
    oneWordTurns,
    nonLatin,
    longSystemPrompt,
  ];

  it.each(Object.values(PROTOCOLS).map((p): [string, ProtocolEntry] => [p.id, p]))("%s: is never below the largest request the probe counts", async (_id, protocol) => {
    const probe = createSizeProbe(protocol, { model: "openai:gpt-4o", maxRetries: 0 });
    const base = await measureSizeBase(probe, protocol.baseDialogue ?? PROBE_DIALOGUE, { exact: true });
    expect(base).toBeDefined();
    const dialogues = inputsFor(protocol, plain);
    expect(dialogues.length).toBeGreaterThan(100);
    let tightest = Number.POSITIVE_INFINITY;
    for (const dialogue of dialogues) {
      const largest = largestRequest(await probe.run(dialogue, { path: "longest" }));
      if (!largest) return expect.fail(`${String(dialogue.id)}: the probe recorded no request`);
      const estimate = estimatedTokens(base as NonNullable<typeof base>, dialogue);
      if (largest.inputTokens > estimate) expect.fail(`${String(dialogue.id)}: the ${largest.role} request has ${largest.inputTokens} tokens, above the estimate ${estimate}`);
      tightest = Math.min(tightest, estimate / largest.inputTokens);
    }
    // An estimate is only useful near the real size: the closest one is within 4× of it (measured: 1.2–3.1).
    expect(tightest).toBeLessThan(4);
  }, 120_000);
});
