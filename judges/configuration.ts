import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { RunnableConfig } from "@langchain/core/runnables";
import { z } from "zod";
import { createChatModel } from "./chat-model.js";
import type { Judge } from "./judge.js";
import { formatModelSpec, parseModelSpec } from "./model-spec.js";
import { loadRubric } from "../rubrics/load.js";
import type { Rubric } from "../rubrics/schema.js";
import { redact } from "../util/redact.js";
import { readProviderEnv } from "./provider-env.js";
import { ConfigError } from "./config-error.js";
import { RubricError } from "../rubrics/errors.js";

/** What a graph run can be configured with (shown in LangGraph Studio). */
export const ConfigurationSchema = z.object({
  model: z.string().default("offline").describe("`offline`, `openai:<model>` or `azure:<deployment>`"),
  rubric: z.string().optional().describe("Built-in rubric id or path to a JSON/YAML rubric; the protocol's default when empty"),
  blind: z.boolean().default(false).describe("Disable rules that read human ratings (agreement studies)"),
  onFailure: z.enum(["fallback", "unscored"]).default("fallback").describe("After retries: fall back to the offline judge, or leave the dialogue unscored"),
  baseUrl: z.string().optional().describe("OpenAI-compatible server URL (Ollama, vLLM, …)"),
  timeoutMs: z.number().int().positive().default(60_000).describe("Per-call timeout in milliseconds"),
  maxRetries: z.number().int().min(0).default(2).describe("Retries per call after a rate limit, a 5xx, a timeout or a connection error"),
  retryBaseMs: z.number().min(0).default(1_000).describe("First backoff step in milliseconds (doubled on each retry)"),
  retryMaxMs: z.number().min(0).default(30_000).describe("Largest backoff step in milliseconds"),
  maxRetryAfterMs: z.number().min(0).default(60_000).describe("Longest Retry-After honoured; a longer one fails the call"),
  temperature: z.number().min(0).max(2).default(0),
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
}

/** Where a configuration resolved once per run travels to the nodes (an in-process object, like `chatModel`). */
const RESOLVED_KEY = "resolvedConfiguration";

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
  if (rubric.protocols.includes(defaults.protocol)) return;
  throw new RubricError(
    rubric.id,
    `is written for the ${rubric.protocols.join(", ")} protocol${rubric.protocols.length > 1 ? "s" : ""}, not ${defaults.protocol}: use --rubric ${defaults.defaultRubric} (the ${defaults.protocol} default) or add "${defaults.protocol}" to the rubric's protocols`,
  );
}

function rawConfigurable(config: RunnableConfig | undefined): Record<string, unknown> {
  return { ...((config as { context?: object } | undefined)?.context ?? {}), ...(config?.configurable ?? {}) };
}

function resolve(raw: Record<string, unknown> & ConfigurationExtras, defaults: ProtocolDefaults): Configuration {
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

function isConfiguration(value: unknown): value is Configuration {
  return typeof value === "object" && value !== null && "protocol" in value && "rubric" in value && "modelLabel" in value;
}

/**
 * The run's configuration: the one resolved for the whole run when the caller attached it
 * (`withResolvedConfiguration`), else every default filled from `config.configurable` (and
 * `config.context`), in one place.
 */
export function ensureConfiguration(config: RunnableConfig | undefined, defaults: ProtocolDefaults): Configuration {
  const raw = rawConfigurable(config);
  const resolved = raw[RESOLVED_KEY];
  if (isConfiguration(resolved) && resolved.protocol === defaults.protocol) return resolved;
  return resolve(raw, defaults);
}

/** A `configurable` that carries its configuration resolved once, so no node resolves it again. */
export function withResolvedConfiguration(configurable: Record<string, unknown>, configuration: Configuration): Record<string, unknown> {
  return { ...configurable, [RESOLVED_KEY]: configuration };
}

/** The configuration a run's `configurable` carries, if it was resolved once for the run. */
export function resolvedConfigurationOf(configurable: Record<string, unknown> | undefined): Configuration | undefined {
  const resolved = configurable?.[RESOLVED_KEY];
  return isConfiguration(resolved) ? resolved : undefined;
}

/** A configuration with a protocol's own fields added; the judge stays lazy (a spread would build the model). */
export function extendConfiguration<E extends object>(base: Configuration, extra: E): Configuration & E {
  return Object.defineProperties({ ...extra }, Object.getOwnPropertyDescriptors(base)) as Configuration & E;
}

/** A protocol's own settings (its zod schema's keys only), from `config.configurable` and `config.context`. */
export function protocolSettings<S extends z.ZodObject>(config: RunnableConfig | undefined, schema: S, protocol: string): z.infer<S> {
  const raw = rawConfigurable(config);
  const picked = Object.fromEntries(Object.keys(schema.shape).filter((k) => raw[k] !== undefined).map((k) => [k, raw[k]]));
  const parsed = schema.safeParse(picked);
  if (!parsed.success) throw new ConfigError(`bad ${protocol} configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}
