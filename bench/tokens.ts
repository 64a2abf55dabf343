import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { z } from "zod";
import { CriticOutput } from "../nodes/panel/critic-contract.js";
import { evaluatorSchema } from "../nodes/panel/evaluator-contract.js";
import { panelTools } from "../nodes/panel/tools.js";
import type { Dialogue } from "../dialogues/dialogue.js";
import { formatTranscript } from "../dialogues/format.js";
import { readDialogues } from "../dialogues/read.js";
import { offlineEvaluation } from "../nodes/panel/offline-evaluator.js";
import { criticMessages, evaluatorMessages } from "../nodes/panel/prompts.js";
import { loadRubric } from "../rubrics/load.js";
import { countTokens, toolsText } from "../api/token-count.js";
import type { Figure } from "./figures.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** The user's original single-prompt panel (seed 000, docs/protocols.md), not in the repository: `TRIBUNAL_SEEDS_DIR` or the shared seeds beside the checkout. */
function seed000(seedsDir: string | undefined): string | undefined {
  const dir = seedsDir ?? join(ROOT, "..", "shared", "seeds");
  if (!existsSync(dir)) return undefined;
  const name = readdirSync(dir).find((f) => f.startsWith("000_"));
  return name ? readFileSync(join(dir, name), "utf8") : undefined;
}

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/**
 * Input tokens (o200k, offline) of the panel's calls on a dialogue — their messages and the tool
 * definitions each call sends (the panel's whole toolset, `nodes/panel/tools.ts`) — against
 * the user's original single prompt (seed 000, docs/protocols.md) with the same transcript appended; and the share of the panel's input
 * tokens in the prefix its two calls share (the longest common prefix of the two requests, counted
 * in each call), with the tools ahead of the messages, as OpenAI's prompt caching orders a request.
 * For comparison: the messages alone, and the previous layout (each role's own json_schema, which
 * OpenAI places ahead of the system message).
 */
export async function panelTokens(seedsDir: string | undefined): Promise<Figure[]> {
  const seed = seed000(seedsDir);
  const count = (text: string) => countTokens(text);
  const rubric = loadRubric("customer-service");
  const tools = toolsText(panelTools(rubric));
  const toolTokens = count(tools);
  const dialogues: Dialogue[] = [];
  for (const file of ["examples/customer-service.jsonl", "examples/preference-elicitation.tsv"]) for await (const d of readDialogues(join(ROOT, file))) dialogues.push(d);
  let panel = 0;
  let messagesOnly = 0;
  let single = 0;
  let shared = 0;
  let sharedMessages = 0;
  let ownSchemas = 0;
  let sharedOwnSchema = 0;
  for (const d of dialogues) {
    const calls = [
      { messages: evaluatorMessages(rubric, d), schema: evaluatorSchema(rubric) },
      { messages: criticMessages(rubric, d, offlineEvaluation(rubric, d)), schema: CriticOutput },
    ].map((call) => ({ text: call.messages.map((m) => String(m.content)).join("\n"), schema: JSON.stringify(z.toJSONSchema(call.schema as z.ZodType)) }));
    const [evaluator, critic] = calls as [{ text: string; schema: string }, { text: string; schema: string }];
    for (const call of calls) {
      const messageTokens = count(call.text);
      messagesOnly += messageTokens;
      panel += toolTokens + messageTokens;
      ownSchemas += count(call.schema);
    }
    shared += 2 * count(commonPrefix(`${tools}\n${evaluator.text}`, `${tools}\n${critic.text}`));
    sharedMessages += 2 * count(commonPrefix(evaluator.text, critic.text));
    sharedOwnSchema += 2 * count(commonPrefix(`${evaluator.schema}\n${evaluator.text}`, `${critic.schema}\n${critic.text}`));
    if (seed) single += count(`${seed}\n\nTarget dialogue:\n${formatTranscript(d)}\n`);
  }
  const n = dialogues.length;
  const share = shared / panel;
  const figures: Figure[] = [];
  if (seed) {
    const ratio = panel / single;
    figures.push({
      name: `panel input tokens per dialogue (evaluator + critic, tool definitions included) vs seed 000's single prompt, ${n} example dialogues`,
      value: `${ratio.toFixed(2)}×`,
      target: "≤ 1.5×",
      ok: ratio <= 1.5,
      detail: `${Math.round(panel / n)} vs ${Math.round(single / n)} tokens per dialogue (o200k), of which ${2 * toolTokens} are the two calls' tools (${toolTokens} each)`,
    });
  } else figures.push({ name: "panel input tokens vs seed 000's prompt", value: "seed 000 not found (set TRIBUNAL_SEEDS_DIR)", target: "≤ 1.5×", ok: false });
  figures.push({
    name: "share of the panel's input tokens (tools first, then messages, as OpenAI orders a request) in the prefix its calls share",
    value: `${(share * 100).toFixed(1)} %`,
    target: "≥ 60 %",
    ok: share >= 0.6,
    detail:
      `${Math.round(shared / n / 2)} shared tokens per call (${toolTokens} of identical tools, then the system message); messages alone: ${((sharedMessages / messagesOnly) * 100).toFixed(1)} %; ` +
      `the previous layout (each role's own json_schema ahead of the system message): ${((sharedOwnSchema / (messagesOnly + ownSchemas)) * 100).toFixed(1)} %`,
  });
  return figures;
}
