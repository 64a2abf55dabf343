import { readDialogues } from "../dialogues/read.js";
import type { ProtocolEntry } from "../graphs/registry.js";
import { largestRequest, runInputLimit, type LimitSource } from "../api/input-size.js";
import { runModelsOf } from "../api/run-models.js";
import { costUsd, loadPrices, priceFor, type Price, type PriceTable } from "../api/prices.js";
import { createSizeProbe, type ProbedRequest } from "../api/size-probe.js";
import { round6 } from "../scoring/numbers.js";
import { readInputs, scanInputs } from "./input-scan.js";
import type { InputSource } from "./input-sources.js";
import { formatUsd } from "./summary.js";

/**
 * Output tokens assumed per call, by role: `perCriterion` × the rubric's criteria + `fixed`. Round
 * figures for a structured answer with a sentence or two of reasoning per entry (a checklist
 * assessor's reasoning is capped at 300 characters); a role not listed gets `DEFAULT_OUTPUT_TOKENS`,
 * and reasoning models spend more. The real figures of a run are in `meta.tokens.output`.
 */
export const OUTPUT_TOKENS_BY_ROLE: Readonly<Record<string, { perCriterion: number; fixed: number }>> = {
  evaluator: { perCriterion: 60, fixed: 20 },
  critic: { perCriterion: 40, fixed: 20 },
  strict: { perCriterion: 70, fixed: 80 },
  generous: { perCriterion: 70, fixed: 80 },
  strict_refinement: { perCriterion: 70, fixed: 80 },
  debate_critique: { perCriterion: 0, fixed: 200 },
  assessor: { perCriterion: 0, fixed: 100 },
  judge: { perCriterion: 60, fixed: 40 },
};
export const DEFAULT_OUTPUT_TOKENS = 400;

/** The output tokens assumed for one call of `role` with a rubric of `criteria` criteria. */
export function assumedOutputTokens(role: string, criteria: number): number {
  const figure = OUTPUT_TOKENS_BY_ROLE[role];
  return figure ? figure.perCriterion * criteria + figure.fixed : DEFAULT_OUTPUT_TOKENS;
}

export interface DryRunOptions {
  protocol: ProtocolEntry;
  /** The run's settings, as `evaluateFile` takes them (model, rubric, maxInputTokens, the protocol's own, …). */
  configurable: Record<string, unknown>;
  /** `--samples K`: every dialogue would be judged K times. */
  samples?: number;
  /** Price table (default: the bundled one). */
  prices?: PriceTable;
}

/** A figure on the protocol's shortest and longest path (equal for a protocol whose calls never vary). */
export interface Range {
  min: number;
  max: number;
}

/** What `tribunal evaluate --dry-run` prints (and `--summary-json` writes). */
export interface DryRunEstimate {
  /** The input files' names, comma-separated. */
  file: string;
  protocol: string;
  rubric: string;
  model: string;
  samples: number;
  /** Dialogues in the file. */
  dialogues: number;
  /** Dialogues that fit the limit: the ones a run would send. */
  toSend: number;
  /** Input tokens one request may have (null: no limit) and where that comes from. */
  limit: { tokens: number | null; source: LimitSource };
  /** Dialogues with a request over the limit: a run leaves them unscored (`too_long`) without sending them. */
  overLimit: { count: number; ids: (string | number)[] };
  /** Every figure below counts the dialogues to send only, times `samples`. */
  calls: Range;
  inputTokens: Range;
  outputTokens: Range;
  /** The output tokens assumed for one call of each role met (`OUTPUT_TOKENS_BY_ROLE`). */
  outputTokensPerCall: Record<string, number>;
  /** The dialogue with the most input tokens (longest path, one judgement). */
  largestDialogue: { dialogue_id: string | number; inputTokens: number } | null;
  /** The largest single request, what the limit is checked against. */
  largestRequest: { dialogue_id: string | number; role: string; inputTokens: number } | null;
  /** USD per 1M tokens, null when the price table does not know the model (or roles have different models: each call is then priced at its own). */
  price: Price | null;
  costUsd: Range | null;
}

/** How many ids of over-limit dialogues the estimate lists. */
const LISTED_IDS = 20;

/**
 * Estimates a run without making it: reads and validates the file as a run does, then runs each
 * dialogue through the protocol's graph with a recording model (`api/size-probe.ts`): the calls, the
 * input tokens of every request (o200k, offline), the dialogues over the input limit, and the cost
 * at the price table's rate with the output assumed per role (`OUTPUT_TOKENS_BY_ROLE`). Nothing is
 * sent, nothing is traced, no file is written, and no API key is needed.
 */
export async function dryRun(sources: readonly InputSource[], options: DryRunOptions): Promise<DryRunEstimate> {
  const read = options.protocol.readInput ?? readDialogues;
  const input = await scanInputs(sources, read);
  const models = runModelsOf(options.protocol, options.configurable);
  const model = models.label;
  const probe = createSizeProbe(options.protocol, options.configurable);
  const limit = runInputLimit(models, probe.configuration.maxInputTokens);
  const samples = Math.max(1, options.samples ?? 1);
  const prices = options.prices ?? loadPrices();
  const distinct = [...new Set(Object.values(models.byRole))];
  // One price for the run; with one model per role, each call is priced at its model's rate.
  const price = distinct.length === 1 ? (priceFor(model, prices) ?? null) : null;
  const priced = distinct.every((m) => priceFor(m, prices) !== undefined);
  const estimate: DryRunEstimate = {
    file: sources.map((s) => s.name).join(", "),
    protocol: options.protocol.id,
    rubric: probe.configuration.rubric.id,
    model,
    samples,
    dialogues: input.count,
    toSend: 0,
    limit: { tokens: limit.tokens ?? null, source: limit.source },
    overLimit: { count: 0, ids: [] },
    calls: { min: 0, max: 0 },
    inputTokens: { min: 0, max: 0 },
    outputTokens: { min: 0, max: 0 },
    outputTokensPerCall: {},
    largestDialogue: null,
    largestRequest: null,
    price,
    costUsd: null,
  };
  const add = (range: Range, min: number, max: number) => {
    range.min += min * samples;
    range.max += max * samples;
  };
  const total = (requests: readonly ProbedRequest[]) => requests.reduce((s, r) => s + r.inputTokens, 0);
  const criteria = probe.configuration.rubric.criteria.length;
  const outputOf = (r: ProbedRequest) => (estimate.outputTokensPerCall[r.role] ??= assumedOutputTokens(r.role, criteria));
  const output = (requests: readonly ProbedRequest[]) => requests.reduce((s, r) => s + outputOf(r), 0);
  const cost = (requests: readonly ProbedRequest[]) => requests.reduce((s, r) => s + costUsd({ input: r.inputTokens, output: outputOf(r) }, priceFor(models.modelOfCall(r.role), prices) ?? { input: 0, output: 0 }), 0);
  const spend: Range = { min: 0, max: 0 };
  for await (const dialogue of readInputs(sources, read, input.prefixes)) {
    const longest = await probe.run(dialogue, { path: "longest", stopAbove: limit.tokens });
    if (longest.over) {
      estimate.overLimit.count++;
      if (estimate.overLimit.ids.length < LISTED_IDS) estimate.overLimit.ids.push(dialogue.id);
      continue;
    }
    const shortest = probe.variablePath ? await probe.run(dialogue, { path: "shortest" }) : longest;
    estimate.toSend++;
    add(estimate.calls, shortest.requests.length, longest.requests.length);
    add(estimate.inputTokens, total(shortest.requests), total(longest.requests));
    add(estimate.outputTokens, output(shortest.requests), output(longest.requests));
    add(spend, cost(shortest.requests), cost(longest.requests));
    const tokens = total(longest.requests);
    if (!estimate.largestDialogue || tokens > estimate.largestDialogue.inputTokens) estimate.largestDialogue = { dialogue_id: dialogue.id, inputTokens: tokens };
    const big = largestRequest(longest);
    if (big && (!estimate.largestRequest || big.inputTokens > estimate.largestRequest.inputTokens)) estimate.largestRequest = { dialogue_id: dialogue.id, role: big.role, inputTokens: big.inputTokens };
  }
  if (priced) estimate.costUsd = { min: round6(spend.min), max: round6(spend.max) };
  return estimate;
}

const n = (x: number) => x.toLocaleString("en-US");
const range = (r: Range, show: (x: number) => string = n) => (r.min === r.max ? show(r.max) : `${show(r.min)}–${show(r.max)}`);
const id = (x: string | number) => JSON.stringify(x);

const LIMIT_SOURCES: Record<LimitSource, string> = {
  configured: "--max-input-tokens",
  "model table": "the model's entry in api/context-windows.json",
  default: "the default for a model api/context-windows.json does not list",
  none: "",
};

/** The estimate as a readable table (stdout of `--dry-run`). */
export function formatDryRun(e: DryRunEstimate): string {
  const rows: [string, string][] = [
    ["dialogues", `${n(e.dialogues)} (${n(e.toSend)} to send, ${n(e.overLimit.count)} over the input limit)`],
    ["calls", `${range(e.calls)}${e.samples > 1 ? ` (${e.samples} samples each)` : ""}`],
    ["input tokens (est.)", `${range(e.inputTokens)}`],
    ["output tokens (est.)", `${range(e.outputTokens)}${Object.keys(e.outputTokensPerCall).length > 0 ? ` (assumed per call: ${Object.entries(e.outputTokensPerCall).map(([role, t]) => `${role} ${t}`).join(", ")})` : ""}`],
  ];
  if (e.largestDialogue) rows.push(["largest dialogue", `${n(e.largestDialogue.inputTokens)} input tokens (${id(e.largestDialogue.dialogue_id)})`]);
  if (e.largestRequest) rows.push(["largest request", `${n(e.largestRequest.inputTokens)} input tokens (${e.largestRequest.role}, ${id(e.largestRequest.dialogue_id)})`]);
  rows.push(["input limit", e.limit.tokens === null ? "none (the offline judge has no context window; --max-input-tokens sets one)" : `${n(e.limit.tokens)} tokens per request (${LIMIT_SOURCES[e.limit.source]})`]);
  if (e.overLimit.count > 0) {
    const more = e.overLimit.count - e.overLimit.ids.length;
    rows.push(["over the limit", `${e.overLimit.ids.map(id).join(", ")}${more > 0 ? ` and ${more} more` : ""}: not sent, unscored (too_long) in a run`]);
  }
  rows.push(["cost (est.)", e.costUsd === null ? `unknown price for ${e.model} (add it with --prices)` : `${range(e.costUsd, formatUsd)}${e.price ? ` at $${e.price.input} / $${e.price.output} per 1M input / output tokens` : ""}`]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = [
    `tribunal dry run: ${e.file}, nothing sent`,
    `protocol ${e.protocol} · rubric ${e.rubric} · model ${e.model}${e.model === "offline" ? " (makes no requests: the figures are what a model would be sent)" : ""}`,
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
  ];
  if (e.calls.min !== e.calls.max) lines.push(`  (ranges: ${e.protocol}'s calls depend on the answers; shortest path – longest path)`);
  return `${lines.join("\n")}\n`;
}
