import { registerSecret } from "../util/redact.js";
import type { LlmProvider } from "./model-spec.js";

/** Provider settings read from the environment: the only place outside the CLI that reads process.env. */
export interface ProviderEnv {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  azureInstance?: string | undefined;
  azureApiVersion?: string | undefined;
}

/** Each provider's key and base-URL variables (the first key variable set wins). */
export const PROVIDER_ENV: Record<LlmProvider, { keys: readonly string[]; baseUrl: string }> = {
  openai: { keys: ["OPENAI_API_KEY"], baseUrl: "OPENAI_BASE_URL" },
  azure: { keys: ["AZURE_OPENAI_API_KEY"], baseUrl: "AZURE_OPENAI_BASE_PATH" },
  anthropic: { keys: ["ANTHROPIC_API_KEY"], baseUrl: "ANTHROPIC_BASE_URL" },
  google: { keys: ["GOOGLE_API_KEY", "GEMINI_API_KEY"], baseUrl: "GOOGLE_BASE_URL" },
};

export function readProviderEnv(provider: LlmProvider, env: NodeJS.ProcessEnv = process.env): ProviderEnv {
  const names = PROVIDER_ENV[provider];
  const apiKey = names.keys.map((name) => env[name]).find((value) => value) || undefined;
  registerSecret(apiKey);
  return {
    apiKey,
    baseUrl: env[names.baseUrl] || undefined,
    azureInstance: env.AZURE_OPENAI_API_INSTANCE_NAME || undefined,
    azureApiVersion: env.AZURE_OPENAI_API_VERSION || undefined,
  };
}
