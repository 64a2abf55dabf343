import { ConfigError } from "./config-error.js";

export type ModelSpec =
  | { provider: "offline" }
  | { provider: "openai"; model: string }
  | { provider: "azure"; deployment: string };

const FORMS = "`offline`, `openai:<model>` (OpenAI or any compatible server) or `azure:<deployment>`";

/** The one place a model id is parsed. */
export function parseModelSpec(spec: string): ModelSpec {
  const trimmed = spec.trim();
  if (trimmed === "" || trimmed === "offline") return { provider: "offline" };
  const colon = trimmed.indexOf(":");
  const provider = colon < 0 ? "" : trimmed.slice(0, colon);
  const name = colon < 0 ? "" : trimmed.slice(colon + 1).trim();
  if (provider === "openai" && name) return { provider, model: name };
  if (provider === "azure" && name) return { provider, deployment: name };
  throw new ConfigError(`unknown model "${spec}": use ${FORMS}`);
}

export function formatModelSpec(spec: ModelSpec): string {
  switch (spec.provider) {
    case "offline":
      return "offline";
    case "openai":
      return `openai:${spec.model}`;
    case "azure":
      return `azure:${spec.deployment}`;
  }
}
