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

/** What a graph run can be configured with (shown in LangGraph Studio). */
export const ConfigurationSchema = z.object({
  model: z.string().default("offline").describe("`offline`, `openai:<model>` or `azure:<deployment>`"),
  rubric: z.string().optional().describe("Built-in rubric id or path to a JSON/YAML rubric; the protocol's default when empty"),
  blind: z.boolean().default(false).describe("Disable rules that read human ratings (agreement studies)"),
  onFailure: z.enum(["fallback", "unscored"]).default("fallback").describe("After retries: fall back to the offline judge, or leave the dialogue unscored"),
  baseUrl: z.string().optional().describe("OpenAI-compatible server URL (Ollama, vLLM, …)"),
  timeoutMs: z.number().int().positive().default(60_000).describe("Per-call timeout in milliseconds"),
  maxRetries: z.number().int().min(0).default(2).describe("Client retries per call"),
  temperature: z.number().min(0).max(2).default(0),
});
export type ConfigurationInput = z.input<typeof ConfigurationSchema>;

/** In-process extras that cannot travel through Studio: an injected chat model or rubric object. */
export interface ConfigurationExtras {
  chatModel?: BaseChatModel;
  rubric?: string | Rubric;
}

export interface Configuration extends Omit<z.infer<typeof ConfigurationSchema>, "rubric"> {
  rubric: Rubric;
  judge: Judge;
  /** `offline`, `openai:gpt-4o-mini`, … as recorded in `meta.model`. */
  modelLabel: string;
}

function resolveJudge(settings: z.infer<typeof ConfigurationSchema>, chatModel: BaseChatModel | undefined): { judge: Judge; label: string } {
  if (chatModel) return { judge: { kind: "llm", model: chatModel }, label: settings.model === "offline" ? "injected" : settings.model };
  const spec = parseModelSpec(settings.model);
  if (spec.provider === "offline") return { judge: { kind: "offline" }, label: "offline" };
  const env = readProviderEnv(spec.provider);
  const hint = spec.provider === "azure" ? "AZURE_OPENAI_API_KEY and AZURE_OPENAI_API_INSTANCE_NAME" : "OPENAI_API_KEY (or --base-url for a local server)";
  // The client only complains at the first call, and every call would then fall back to offline.
  if (!env.apiKey && (spec.provider === "azure" || !(settings.baseUrl ?? env.baseUrl))) {
    throw new ConfigError(`cannot create model ${formatModelSpec(spec)}: no API key; set ${hint}`);
  }
  try {
    const model = createChatModel(spec, { ...env, baseUrl: settings.baseUrl ?? env.baseUrl, timeoutMs: settings.timeoutMs, maxRetries: settings.maxRetries, temperature: settings.temperature });
    return { judge: { kind: "llm", model }, label: formatModelSpec(spec) };
  } catch (e) {
    throw new ConfigError(`cannot create model ${formatModelSpec(spec)}: ${redact((e as Error).message.split("\n")[0] ?? "")}; set ${hint}`);
  }
}

/** Fills every default from `config.configurable` (and `config.context`), in one place. */
export function ensureConfiguration(config: RunnableConfig | undefined, defaultRubric: string): Configuration {
  const raw = { ...((config as { context?: object } | undefined)?.context ?? {}), ...(config?.configurable ?? {}) } as Record<string, unknown> & ConfigurationExtras;
  const rubricRef = raw.rubric ?? defaultRubric;
  const parsed = ConfigurationSchema.safeParse({ ...raw, rubric: typeof rubricRef === "string" ? rubricRef : undefined });
  if (!parsed.success) throw new ConfigError(`bad configuration: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  const { judge, label } = resolveJudge(parsed.data, raw.chatModel);
  return { ...parsed.data, rubric: loadRubric(rubricRef), judge, modelLabel: label };
}
