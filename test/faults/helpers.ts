import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { evaluateFile, type BatchOptions } from "../../runs/evaluate-batch.js";
import type { BatchSummary } from "../../runs/summary.js";
import { PROTOCOLS } from "../../graphs/registry.js";
import type { ProtocolId as Protocol } from "../../graphs/registry.js";
import type { StubRequest } from "../support/openai-stub.js";

export const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"] as const;

export type ResultLine = Record<string, unknown> & {
  dialogue_id: string | number;
  status?: string;
  error?: { agent: string; kind: string; message: string };
  referee_final?: Record<string, { score: number } | number>;
  meta: {
    status: string;
    fallbacks: { agent: string; kind: string }[];
    invalid_outputs: { agent: string; kind: string }[];
    retries: { agent: string; kind: string; wait_ms: number }[];
    warnings: string[];
    tokens: { input: number; output: number; total: number };
    config_hash: string;
    cost_usd: number | null;
    stability?: Record<string, unknown>;
  };
};

/** `n` customer-service chats with ids d0000…, each naming its own order so requests can be told apart. */
export function dialoguesJsonl(n: number, first = 0): string {
  const lines: string[] = [];
  for (let i = first; i < first + n; i++) {
    const id = `d${String(i).padStart(4, "0")}`;
    lines.push(
      JSON.stringify({
        id,
        messages: [
          { role: "user", content: `Hello, I need the delivery date for order ${id}.` },
          { role: "assistant", content: `Order ${id} arrives on Friday.` },
          { role: "user", content: "Great, thank you." },
          { role: "assistant", content: "You're welcome, have a nice day." },
        ],
      }),
    );
  }
  return `${lines.join("\n")}\n`;
}

export function writeDialogues(dir: string, name: string, n: number, first = 0): string {
  const path = join(dir, name);
  writeFileSync(path, dialoguesJsonl(n, first));
  return path;
}

/** The first USER utterance of the transcript in a request's shared prefix. */
export function firstUserUtterance(request: StubRequest): string {
  return /^\[1\] USER: (.*)$/m.exec(request.body.messages[0]?.content ?? "")?.[1] ?? "";
}

/** The dialogue a request was made for (its order number). */
export function dialogueOf(request: StubRequest): string {
  return /order (d\d{4})/.exec(request.body.messages[0]?.content ?? "")?.[1] ?? "?";
}

/** A valid panel answer: every criterion `score`, justified by a verified quote; the critic agrees. */
export function panelAnswer(request: StubRequest, score = 80): unknown {
  if (request.schemaName === "critic") return { critic: CRITERIA.map((criterion) => ({ criterion, comment: "", agree: true, suggested_score: null })) };
  const quote = `USER: "${firstUserUtterance(request)}"`;
  return Object.fromEntries(CRITERIA.map((c) => [c, { justification: `The user asks ${quote}.`, score }]));
}

/** Runs the batch runner in process and collects its lines. */
export async function runBatch(file: string, protocol: Protocol, options: Partial<Omit<BatchOptions, "protocol" | "write">>): Promise<{ summary: BatchSummary; lines: ResultLine[]; raw: string[] }> {
  const raw: string[] = [];
  const definition = PROTOCOLS[protocol];
  if (!definition) throw new Error(`no protocol ${protocol}`);
  // No probe call: these runs count and script every request of the dialogues (the probe has tests of its own).
  const summary = await evaluateFile(file, { concurrency: 8, configurable: {}, probe: false, ...options, protocol: definition, write: (line) => void raw.push(line) });
  return { summary, lines: raw.map((l) => JSON.parse(l) as ResultLine), raw };
}
