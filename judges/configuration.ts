import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";
import { createChatModel } from "./chat-model.js";
import type { Judge } from "./judge.js";
import { formatModelSpec, parseModelSpec } from "./model-spec.js";
import { loadRubric } from "../rubrics/load.js";
import { RubricSchema, type Rubric } from "../rubrics/schema.js";
import { redact } from "../util/redact.js";
import { readProviderEnv } from "./provider-env.js";
import { ConfigError } from "./config-error.js";
import { RubricError } from "../rubrics/errors.js";

/** `--output-mode`: how a call asks for its role's structured answer (judges/output-mode.ts). */
export const OUTPUT_MODES = ["auto", "tools", "json_schema", "json", "text"] as const;

/** What a graph run can be configured with (shown in LangGraph Studio). */
export const ConfigurationSchema = z.object({
  model: z.string().default("offline").describe("`offline`, `openai:<model>` or `azure:<deployment>`"),
  rubric: z.union([z.string(), RubricSchema]).optional().describe("Built-in rubric id or path to a JSON/YAML rubric (or, in process, a rubric object); the protocol's default when empty"),
  blind: z.boolean().default(false).describe("Disable rules that read human ratings (agreement studies)"),
  onFailure: z.enum(["fallback", "unscored"]).default("fallback").describe("After retries: fall back to the offline judge, or leave the dialogue unscored"),
  baseUrl: z.string().optional().describe("OpenAI-compatible server URL (Ollama, vLLM, …)"),
  timeoutMs: z.number().int().positive().default(60_000).describe("Per-call timeout in milliseconds"),
  maxRetries: z.number().int().min(0).default(2).describe("Retries per call after a rate limit, a 5xx, a timeout or a connection error"),
  retryBaseMs: z.number().min(0).default(1_000).describe("First backoff step in milliseconds (doubled on each retry)"),
  retryMaxMs: z.number().min(0).default(30_000).describe("Largest backoff step in milliseconds"),
  maxRetryAfterMs: z.number().min(0).default(60_000).describe("Longest Retry-After honoured; a longer one fails the call"),
  temperature: z.number().min(0).max(2).default(0),
  outputMode: z
    .enum(OUTPUT_MODES)
    .default("auto")
    .describe("How calls ask for structured answers: tools (a forced tool call), json_schema, json (JSON mode, schema in the prompt) or text (schema in the prompt, first JSON object read); auto: the best the server accepts, found by the probe (tools without a probe)"),
  maxInputTokens: z.number().int().positive().optional().describe("Largest input of one request, in tokens; a dialogue that needs more is not sent and is unscored (too_long). Default: the model's entry in api/context-windows.json, else its default; no limit for offline"),
});
export type ConfigurationInput = z.input<typeof ConfigurationSchema>;

/** In-process extras that cannot travel through Studio: an injected chat model or rubric object. */
export interface ConfigurationExtras {
  chatModel?: BaseChatModel;
  rubric?: string | Rubric;
}

export interface Configuration extends Omit<z.infer<typeof ConfigurationSchema>, "rubric"> {
  /** The protocol this configuration was resolved for. */
  protocol: string;
  rubric: Rubric;
  /** Who answers the agents' calls; a chat model is built on first use, so pure nodes never build one. */
  readonly judge: Judge;
  /** `offline`, `openai:gpt-4o-mini`, … as recorded in `meta.model`. */
  modelLabel: string;
}

/** Which protocol asks, and the rubric it uses when none is configured. */
export interface ProtocolDefaults {
  protocol: string;
  defaultRubric: string;
  /** Every protocol there is, when the caller knows the list: a rubric naming another is refused. */
  known?: readonly string[];
}

type Settings = z.infer<typeof ConfigurationSchema>;

/** The judge for these settings, and its label; a model is only checked here and built on first use. */
function resolveJudge(settings: Settings, chatModel: BaseChatModel | undefined): { judge: () => Judge; label: string } {
  if (chatModel) return { judge: () => ({ kind: "llm", model: chatModel }), label: settings.model === "offline" ? "injected" : settings.model };
  const spec = parseModelSpec(settings.model);
  if (spec.provider === "offline") return { judge: () => ({ kind: "offline" }), label: "offline" };
  const env = readProviderEnv(spec.provider);
  const hint = spec.provider === "azure" ? "AZURE_OPENAI_API_KEY and AZURE_OPENAI_API_INSTANCE_NAME" : "OPENAI_API_KEY (or --base-url for a local server)";
  // The client only complains at the first call, and every call would then fall back to offline.
  if (!env.apiKey && (spec.provider === "azure" || !(settings.baseUrl ?? env.baseUrl))) {
    throw new ConfigError(`cannot create model ${formatModelSpec(spec)}: no API key; set ${hint}`);
  }
  const build = (): Judge => {
    try {
      const model = createChatModel(spec, { ...env, baseUrl: settings.baseUrl ?? env.baseUrl, timeoutMs: settings.timeoutMs, maxRetries: settings.maxRetries, temperature: settings.temperature });
      return { kind: "llm", model };
    } catch (e) {
      throw new ConfigError(`cannot create model ${formatModelSpec(spec)}: ${redact((e as Error).message.split("\n")[0] ?? "")}; set ${hint}`);
    }
  };
  // Azure checks its settings when the client is built: do it now, so a bad setup fails before any dialogue.
  if (spec.provider === "azure") {
    const judge = build();
    return { judge: () => judge, label: formatModelSpec(spec) };
  }
  return { judge: build, label: formatModelSpec(spec) };
}

/** Refuses a rubric written for other protocols, naming the ones it supports. */
function checkProtocol(rubric: Rubric, defaults: ProtocolDefaults): void {
  const unknown = defaults.known ? rubric.protocols.filter((p) => !defaults.known?.includes(p)) : [];
  if (unknown.length > 0) throw new RubricError(rubric.id, `protocols: unknown protocol ${unknown.join(", ")}; protocols: ${defaults.known?.join(", ")}`);
  if (rubric.protocols.includes(defaults.protocol)) return;
  throw new RubricError(
    rubric.id,
    `is written for the ${rubric.protocols.join(", ")} protocol${rubric.protocols.length > 1 ? "s" : ""}, not ${defaults.protocol}: use --rubric ${defaults.defaultRubric} (the ${defaults.protocol} default) or add "${defaults.protocol}" to the rubric's protocols`,
  );
}

/** `config.context` and `config.configurable` merged: where a run's settings arrive (Studio sends `context`). */
export function rawConfigurable(config: RunnableConfig | undefined): Record<string, unknown> {
  return { ...((config as { context?: object } | undefined)?.context ?? {}), ...(config?.configurable ?? {}) };
}

/** Every default filled from a run's settings, the rubric loaded and checked for the protocol, the judge ready to build. */
export function resolveConfiguration(raw: Record<string, unknown> & ConfigurationExtras, defaults: ProtocolDefaults): Configuration {
  const rubricRef = raw.rubric ?? defaults.defaultRubric;
  const parsed = ConfigurationSchema.safeParse({ ...raw, rubric: typeof rubricRef === "string" ? rubricRef : undefined });
  if (!parsed.success) throw new ConfigError(`bad configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  const { judge, label } = resolveJudge(parsed.data, raw.chatModel);
  const rubric = loadRubric(rubricRef);
  checkProtocol(rubric, defaults);
  let built: Judge | undefined;
  return {
    ...parsed.data,
    protocol: defaults.protocol,
    rubric,
    modelLabel: label,
    get judge() {
      return (built ??= judge());
    },
  };
}
