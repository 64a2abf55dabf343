import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Dialogue } from "../dialogues/dialogue.js";
import type { ProtocolEntry } from "../graphs/registry.js";
import type { CallFailure } from "../judges/checks/problems.js";
import { ConfigError } from "../judges/config-error.js";
import type { Configuration } from "../judges/configuration.js";
import { runModelsOf, type RunModels } from "./run-models.js";
import { createSizeProbe, type ProbedRequest, type ProbeResult, type SizeProbe } from "./size-probe.js";
import { bytesWithin, countTokens, requestTokens, type ToolLike } from "./token-count.js";
import { PROBE_DIALOGUE } from "../judges/probe.js";
import type { RequestGuard } from "../judges/request-guard.js";

const ContextWindowFile = z.object({
  about: z.string().optional(),
  default: z.number().int().positive().describe("Input tokens per request for a model the table does not list"),
  models: z.record(z.string(), z.number().int().positive()),
});
export type ContextWindows = z.infer<typeof ContextWindowFile>;

const BUNDLED = new URL("./context-windows.json", import.meta.url);

let bundled: ContextWindows | undefined;

/** The bundled per-model table of input tokens per request (`api/context-windows.json`). */
export function loadContextWindows(): ContextWindows {
  if (bundled) return bundled;
  const parsed = ContextWindowFile.safeParse(JSON.parse(readFileSync(BUNDLED, "utf8")));
  if (!parsed.success) throw new ConfigError(`the bundled context-window table: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`);
  return (bundled = parsed.data);
}

/** Where a run's input limit comes from. */
export type LimitSource = "configured" | "model table" | "default" | "none";

export interface InputLimit {
  /** Input tokens one request may have; undefined: no limit (the offline judge, unless one is configured). */
  tokens: number | undefined;
  source: LimitSource;
}

/**
 * The largest input of one request for a model label: `maxInputTokens` (`--max-input-tokens`) when
 * given; no limit for `offline` (the offline judge has no context window); else the table's entry
 * for the label, the name after the provider, or the longest name a dated snapshot starts with
 * (`gpt-4o-2024-08-06` → `gpt-4o`); else the table's safe default.
 */
export function inputLimit(modelLabel: string, maxInputTokens?: number, table: ContextWindows = loadContextWindows()): InputLimit {
  if (maxInputTokens !== undefined) return { tokens: maxInputTokens, source: "configured" };
  if (modelLabel === "offline") return { tokens: undefined, source: "none" };
  const name = modelLabel.includes(":") ? modelLabel.slice(modelLabel.indexOf(":") + 1) : modelLabel;
  const exact = table.models[modelLabel] ?? table.models[name];
  if (exact !== undefined) return { tokens: exact, source: "model table" };
  const prefix = Object.keys(table.models)
    .filter((key) => name.startsWith(`${key}-`))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? { tokens: table.models[prefix], source: "model table" } : { tokens: table.default, source: "default" };
}

/**
 * The input limit of a run: with one model per role, the smallest of its models' limits, so a
 * dialogue that is sent fits every role's model (`offline` roles have none).
 */
export function runInputLimit(models: RunModels, maxInputTokens?: number): InputLimit & { model: string } {
  const limits = [...new Set(Object.values(models.byRole))].map((model) => ({ model, ...inputLimit(model, maxInputTokens) }));
  const bounded = limits.filter((l) => l.tokens !== undefined).sort((a, b) => (a.tokens as number) - (b.tokens as number));
  return bounded[0] ?? { model: models.label, tokens: undefined, source: "none" };
}

/** The largest request of a probe (the first one over the limit when the probe stopped there). */
export function largestRequest(probe: ProbeResult): ProbedRequest | undefined {
  return probe.over ?? probe.requests.reduce<ProbedRequest | undefined>((big, r) => (big === undefined || r.inputTokens > big.inputTokens ? r : big), undefined);
}

/** The `too_long` failure of a dialogue whose largest request passes the limit. */
export function tooLongFailure(request: ProbedRequest, limit: number, modelLabel: string): CallFailure {
  return {
    agent: request.role,
    kind: "too_long",
    message: `the ${request.role} request needs at least ${request.inputTokens} input tokens, more than the limit of ${limit} for ${modelLabel}; the dialogue was not sent (raise --max-input-tokens / maxInputTokens if the model's window is larger, or shorten the dialogue)`,
  };
}

/** Checks a dialogue before it is judged: its `too_long` failure, or undefined when every request fits. */
export type InputSizeCheck = (dialogue: Dialogue) => Promise<CallFailure | undefined>;

/**
 * Request bytes that one more byte of a dialogue adds at most to any request of a protocol's longest
 * path: the transcript, plus the earlier answers that quote it. Measured at most 6.3 (consensus's
 * debate) on CCPE and MWOZ; test/runs/input-size-estimate.test.ts holds every protocol to it.
 */
export const REQUEST_BYTES_PER_DIALOGUE_BYTE = 8;

const LABELS: ReadonlySet<string> = new Set(["ratings", "overallRatings", "source", "act"]);

/** What of a dialogue can reach a prompt, in UTF-8 bytes of JSON: turn texts, system prompt, a pair's sides; ratings and sources left out. */
export function dialogueBytes(dialogue: Dialogue): number {
  return Buffer.byteLength(JSON.stringify(dialogue, (key, value: unknown) => (LABELS.has(key) ? undefined : value)));
}

/** The largest request of a short ordinary dialogue (`PROBE_DIALOGUE`, or the protocol's `baseDialogue`): what every dialogue's requests grow from. */
export interface SizeBase {
  /** An upper bound of its input tokens: its UTF-8 size (a token is at least one byte), or its exact count. */
  tokens: number;
  /** The dialogue's `dialogueBytes`. */
  bytes: number;
}

/**
 * The run's size base, probed on `dialogue`; undefined when the protocol cannot judge it. With
 * `exact: false` nothing is tokenized, so a run whose dialogues all fit never loads the tokenizer.
 */
export async function measureSizeBase(probe: SizeProbe, dialogue: Dialogue, options: { exact: boolean }): Promise<SizeBase | undefined> {
  try {
    const largest = largestRequest(await probe.run(dialogue, { path: "longest", exact: options.exact }));
    return largest ? { tokens: largest.inputTokens, bytes: dialogueBytes(dialogue) } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An upper estimate of a dialogue's largest request, in tokens: the base's bound plus, for each byte
 * the dialogue has beyond the base's, REQUEST_BYTES_PER_DIALOGUE_BYTE bytes (a token is at least one
 * byte).
 */
export function estimatedTokens(base: SizeBase, dialogue: Dialogue): number {
  return base.tokens + REQUEST_BYTES_PER_DIALOGUE_BYTE * Math.max(0, dialogueBytes(dialogue) - base.bytes);
}

/** The run's request guard: a request over `limit` input tokens is not sent and fails with `too_long` (counted in bytes first, tokenized only past the limit). */
export function requestGuard(limit: number, modelLabel: string): RequestGuard {
  return (role, messages, tools) => {
    if (bytesWithin(messages, tools, limit) !== undefined) return undefined;
    const tokens = requestTokens(messages, tools as readonly ToolLike[], (text) => countTokens(text, limit));
    if (tokens <= limit) return undefined;
    return { agent: role, kind: "too_long", message: `the ${role} request has at least ${tokens} input tokens, more than the limit of ${limit} for ${modelLabel}; it was not sent (raise --max-input-tokens / maxInputTokens if the model's window is larger, or shorten the dialogue)` };
  };
}

export interface InputSizePolicy {
  /** Run before a dialogue is judged. */
  check: InputSizeCheck;
  /** Run before each request is sent (`configurable.requestGuard`). */
  guard: RequestGuard;
}

/**
 * The too_long policy, in one place every judgement goes through (`createDialogueJudge`). Before a
 * dialogue is judged, its largest request is estimated (`estimatedTokens`, no tokenizing); a
 * dialogue whose estimate passes the run's limit has the protocol's graph run on it with a recording
 * model (`size-probe.ts`, the longest path for a protocol whose calls vary) and each request's input
 * tokens counted offline. If any request would pass the limit, the dialogue is not sent at all and
 * its line is `unscored` with error kind `too_long`. Then each request is counted once more just
 * before it is sent (`guard`): the real answers and repair turns the probe could not know are
 * counted too, and a request over the limit is never sent. Nothing is truncated (the consensus
 * protocol's own `maxContentChars` cut still applies, before the count). Undefined when the run has
 * no limit.
 */
export function createInputSizeCheck(protocol: ProtocolEntry, configurable: Record<string, unknown>, configuration: Configuration): InputSizePolicy | undefined {
  const limit = runInputLimit(runModelsOf(protocol, configurable), configuration.maxInputTokens);
  const tokens = limit.tokens;
  if (tokens === undefined) return undefined;
  let probe: SizeProbe | undefined;
  const probeOf = () => (probe ??= createSizeProbe(protocol, configurable));
  // Each measured once per run, the exact one only when the byte bound is not enough; a protocol that cannot judge the base dialogue probes every dialogue.
  const bases: Partial<Record<"bytes" | "exact", Promise<SizeBase | undefined>>> = {};
  const baseOf = (exact: boolean) => (bases[exact ? "exact" : "bytes"] ??= measureSizeBase(probeOf(), protocol.baseDialogue ?? PROBE_DIALOGUE, { exact }));
  const fits = async (dialogue: Dialogue, exact: boolean) => {
    const base = await baseOf(exact);
    return base !== undefined && estimatedTokens(base, dialogue) <= tokens;
  };
  // `--samples K` judges a dialogue K times: it is checked once.
  const checked = new WeakMap<Dialogue, Promise<CallFailure | undefined>>();
  const check = async (dialogue: Dialogue): Promise<CallFailure | undefined> => {
    if ((await fits(dialogue, false)) || (await fits(dialogue, true))) return undefined;
    // Only whether a request passes the limit matters here: one within it in UTF-8 bytes is not tokenized.
    const result = await probeOf().run(dialogue, { path: "longest", stopAbove: tokens, exact: false });
    return result.over ? tooLongFailure(result.over, tokens, limit.model) : undefined;
  };
  return {
    check: (dialogue) => {
      let pending = checked.get(dialogue);
      if (!pending) checked.set(dialogue, (pending = check(dialogue)));
      return pending;
    },
    guard: requestGuard(tokens, limit.model),
  };
}
