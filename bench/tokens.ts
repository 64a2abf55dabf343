import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { z } from "zod";
import { CriticOutput } from "../contracts/critic.js";
import { evaluatorSchema } from "../contracts/evaluator.js";
import type { Dialogue } from "../dialogues/dialogue.js";
import { formatTranscript } from "../dialogues/format.js";
import { readDialogues } from "../dialogues/read.js";
import { offlineEvaluation } from "../judges/offline/evaluator.js";
import { criticMessages, evaluatorMessages } from "../prompts/panel.js";
import { loadRubric } from "../rubrics/load.js";
import type { Figure } from "./figures.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** Seed 000's prompt file: `TRIBUNAL_SEEDS_DIR` or the shared seeds beside the checkout. */
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
 * Input tokens (o200k, offline) of the panel's calls on a dialogue — their messages and the
 * json_schema each call sends — against seed 000's single prompt with the same transcript appended;
 * and the share of the panel's input tokens in the prefix its two calls share (the longest common
 * prefix of the two requests, counted in each call), with the schema after the messages and, as
 * OpenAI's prompt-caching documentation says it is placed, before the system message.
 */
export async function panelTokens(seedsDir: string | undefined): Promise<Figure[]> {
  const seed = seed000(seedsDir);
  const encoder = new Tiktoken(o200k);
  const count = (text: string) => encoder.encode(text).length;
  const rubric = loadRubric("customer-service");
  const dialogues: Dialogue[] = [];
  for (const file of ["examples/customer-service.jsonl", "examples/preference-elicitation.tsv"]) for await (const d of readDialogues(join(ROOT, file))) dialogues.push(d);
  let panel = 0;
  let messagesOnly = 0;
  let single = 0;
  let schemas = 0;
  let sharedMessages = 0;
  let sharedSchemaLast = 0;
  let sharedSchemaFirst = 0;
  for (const d of dialogues) {
    const calls = [
      { messages: evaluatorMessages(rubric, d), schema: evaluatorSchema(rubric) },
      { messages: criticMessages(rubric, d, offlineEvaluation(rubric, d)), schema: CriticOutput },
    ].map((call) => ({ text: call.messages.map((m) => String(m.content)).join("\n"), schema: JSON.stringify(z.toJSONSchema(call.schema as z.ZodType)) }));
    const [evaluator, critic] = calls as [{ text: string; schema: string }, { text: string; schema: string }];
    for (const call of calls) {
      const messageTokens = count(call.text);
      const schemaTokens = count(call.schema);
      messagesOnly += messageTokens;
      schemas += schemaTokens;
      panel += messageTokens + schemaTokens;
    }
    const prefix = count(commonPrefix(evaluator.text, critic.text));
    sharedMessages += 2 * prefix;
    sharedSchemaLast += 2 * prefix;
    sharedSchemaFirst += 2 * count(commonPrefix(`${evaluator.schema}\n${evaluator.text}`, `${critic.schema}\n${critic.text}`));
    if (seed) single += count(`${seed}\n\nTarget dialogue:\n${formatTranscript(d)}\n`);
  }
  const n = dialogues.length;
  const share = sharedSchemaLast / panel;
  const figures: Figure[] = [];
  if (seed) {
    const ratio = panel / single;
    figures.push({
      name: `panel input tokens per dialogue (evaluator + critic, json_schema included) vs seed 000's single prompt, ${n} example dialogues`,
      value: `${ratio.toFixed(2)}×`,
      target: "≤ 1.5×",
      ok: ratio <= 1.5,
      detail: `${Math.round(panel / n)} vs ${Math.round(single / n)} tokens per dialogue (o200k), of which ${Math.round(schemas / n)} are the two json_schemas`,
    });
  } else figures.push({ name: "panel input tokens vs seed 000's prompt", value: "seed 000 not found (set TRIBUNAL_SEEDS_DIR)", target: "≤ 1.5×", ok: false });
  figures.push({
    name: "share of the panel's input tokens (json_schema included) in the prefix its calls share",
    value: `${(share * 100).toFixed(1)} %`,
    target: "≥ 60 %",
    ok: share >= 0.6,
    detail:
      `messages alone: ${((sharedMessages / messagesOnly) * 100).toFixed(1)} % (${Math.round(sharedMessages / n / 2)} shared tokens per call); ` +
      `with each role's schema ahead of the system message, as OpenAI places structured-output schemas: ${((sharedSchemaFirst / panel) * 100).toFixed(1)} %`,
  });
  return figures;
}
