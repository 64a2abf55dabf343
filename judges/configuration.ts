import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";
import { createLlmJudge } from "./chat-model.js";
import { injectedJudge, type Judge, type LlmJudge } from "./judge.js";
import { assignModels, modelLabels, ModelSetting } from "./model-assignment.js";
import { formatModelSpec, MODEL_FORMS, type LlmSpec } from "./model-spec.js";
import { loadRubric } from "../rubrics/load.js";
import { RubricSchema, type Rubric } from "../rubrics/schema.js";
import { redact } from "../util/redact.js";
import { PROVIDER_ENV, readProviderEnv } from "./provider-env.js";
import { ConfigError } from "./config-error.js";
import { RubricError } from "../rubrics/errors.js";

/** `--output-mode`: how a call asks for its role's structured answer (judges/output-mode.ts). */
export const OUTPUT_MODES = ["auto", "tools", "json_schema", "json", "text"] as const;

/** What a graph run can be configured with (shown in LangGraph Studio). */
export const ConfigurationSchema = z.object({
  model: ModelSetting.default("offline").describe(`${MODEL_FORMS}; or one per role: "evaluator=openai:gpt-4o,critic=anthropic:claude-sonnet-4-5" (an entry without a role is the default), or {"default": …, "<role>": …}`),
  rubric: z.union([z.string(), RubricSchema]).optional().describe("Built-in rubric id or path to a JSON/YAML rubric (or, in process, a rubric object); the protocol's default when empty"),
  blind: z.boolean().default(false).describe("Disable rules that read human ratings (agreement studies)"),
  onFailure: z.enum(["fallback", "unscored"]).default("fallback").describe("After retries: fall back to the offline judge, or leave the dialogue unscored"),
  baseUrl: z.string().optional().describe("Where the model is served: an OpenAI-compatible server (Ollama, vLLM, …), or a proxy of the Anthropic or Gemini API; applies to every model of the run"),
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

export interface Configuration extends Omit<z.infer<typeof ConfigurationSchema>, "rubric" | "model"> {
  /** The protocol this configuration was resolved for. */
  protocol: string;
  rubric: Rubric;
  /** Who answers a role's calls (a protocol's role: `evaluator`, `strict`, …); a chat model is built on first use, so pure nodes never build one. */
  judgeFor(role: string): Judge;
  /** The run's distinct chat models, one per model, built now (the probe calls each once). */
  llmJudges(): LlmJudge[];
  /** `offline`, `openai:gpt-4o-mini`, or `role=model,…` when roles differ, as recorded in `meta.model`. */
  modelLabel: string;
  /** The model label of each role. */
  roleModels: Readonly<Record<string, string>>;
}

/** Which protocol asks, and the rubric it uses when none is configured. */
export interface ProtocolDefaults {
  protocol: string;
  defaultRubric: string;
  /** The roles a model can be assigned to (`--model critic=…`); every agent call is made in one of them. */
  roles: readonly string[];
  /** Every protocol there is, when the caller knows the list: a rubric naming another is refused. */
  known?: readonly string[];
}

type Settings = z.infer<typeof ConfigurationSchema>;

/** What to set when a provider's key is missing. */
function keyHint(provider: LlmSpec["provider"]): string {
  if (provider === "azure") return "AZURE_OPENAI_API_KEY and AZURE_OPENAI_API_INSTANCE_NAME";
  const names = PROVIDER_ENV[provider];
  return `${names.keys.join(" or ")} (or --base-url for a local server or proxy)`;
}

/** A judge for one model, built on first use; its settings are checked now. */
function judgeBuilder(spec: LlmSpec, settings: Settings): () => LlmJudge {
  const env = readProviderEnv(spec.provider);
  const label = formatModelSpec(spec);
  const baseUrl = settings.baseUrl ?? env.baseUrl;
  // The client only complains at the first call, and every call would then fall back to offline.
  if (!env.apiKey && (spec.provider === "azure" || !baseUrl)) throw new ConfigError(`cannot create model ${label}: no API key; set ${keyHint(spec.provider)}`);
  const build = (): LlmJudge => {
    try {
      return createLlmJudge(spec, { ...env, baseUrl, timeoutMs: settings.timeoutMs, maxRetries: settings.maxRetries, temperature: settings.temperature });
    } catch (e) {
      throw new ConfigError(`cannot create model ${label}: ${redact((e as Error).message.split("\n")[0] ?? "")}; set ${keyHint(spec.provider)}`);
    }
  };
  // Azure checks its settings when the client is built: do it now, so a bad setup fails before any dialogue.
  if (spec.provider === "azure") {
    const judge = build();
    return () => judge;
  }
  let built: LlmJudge | undefined;
  return () => (built ??= build());
}

interface Judges {
  judgeFor(role: string): Judge;
  llmJudges(): LlmJudge[];
  label: string;
  roleModels: Record<string, string>;
}

/** Who answers each role: an injected chat model answers them all; otherwise each role's model, one judge per distinct model. */
function resolveJudges(settings: Settings, chatModel: BaseChatModel | undefined, defaults: ProtocolDefaults): Judges {
  const labels = modelLabels(settings.model, defaults.roles, defaults.protocol, chatModel !== undefined);
  const roleModels = { ...labels.byRole };
  if (chatModel) {
    const judge: LlmJudge = { ...injectedJudge(chatModel, labels.label), baseUrl: settings.baseUrl };
    return { judgeFor: () => judge, llmJudges: () => [judge], label: labels.label, roleModels };
  }
  const assignment = assignModels(settings.model, defaults.roles, defaults.protocol);
  const builders = new Map<string, () => LlmJudge>();
  for (const spec of Object.values(assignment.byRole)) {
    const label = formatModelSpec(spec);
    if (spec.provider !== "offline" && !builders.has(label)) builders.set(label, judgeBuilder(spec, settings));
  }
  const offline: Judge = { kind: "offline" };
  return {
    judgeFor: (role) => {
      if (!defaults.roles.includes(role)) throw new Error(`the ${defaults.protocol} protocol has no role "${role}" (its roles: ${defaults.roles.join(", ")})`);
      return builders.get(roleModels[role] ?? "")?.() ?? offline;
    },
    llmJudges: () => [...builders.values()].map((build) => build()),
    label: labels.label,
    roleModels,
  };
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
  const judges = resolveJudges(parsed.data, raw.chatModel, defaults);
  const rubric = loadRubric(rubricRef);
  checkProtocol(rubric, defaults);
  const { model: _model, ...settings } = parsed.data;
  return {
    ...settings,
    protocol: defaults.protocol,
    rubric,
    modelLabel: judges.label,
    roleModels: judges.roleModels,
    judgeFor: judges.judgeFor,
    llmJudges: judges.llmJudges,
  };
}
