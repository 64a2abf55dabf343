import { ConfigError } from "./config-error.js";

export type ModelSpec =
  | { provider: "offline" }
  | { provider: "openai"; model: string }
  | { provider: "azure"; deployment: string }
  | { provider: "anthropic"; model: string }
  | { provider: "google"; model: string };

/** A model that is called over the network. */
export type LlmSpec = Exclude<ModelSpec, { provider: "offline" }>;
export type LlmProvider = LlmSpec["provider"];

export const MODEL_FORMS =
  "`offline`, `openai:<model>` (OpenAI or any compatible server: Ollama, vLLM, llama.cpp, LM Studio), `azure:<deployment>`, `anthropic:<model>` or `google:<model>` (Gemini)";

/** The one place a model id is parsed. */
export function parseModelSpec(spec: string): ModelSpec {
  const trimmed = spec.trim();
  if (trimmed === "" || trimmed === "offline") return { provider: "offline" };
  const colon = trimmed.indexOf(":");
  const provider = colon < 0 ? "" : trimmed.slice(0, colon);
  const name = colon < 0 ? "" : trimmed.slice(colon + 1).trim();
  if (name) {
    if (provider === "openai" || provider === "anthropic" || provider === "google") return { provider, model: name };
    if (provider === "azure") return { provider, deployment: name };
  }
  throw new ConfigError(`unknown model "${spec}": use ${MODEL_FORMS}`);
}

export function formatModelSpec(spec: ModelSpec): string {
  switch (spec.provider) {
    case "offline":
      return "offline";
    case "azure":
      return `azure:${spec.deployment}`;
    default:
      return `${spec.provider}:${spec.model}`;
  }
}
