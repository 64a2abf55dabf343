import { registerSecret } from "../util/redact.js";

/** Provider settings read from the environment: the only place outside the CLI that reads process.env. */
export interface ProviderEnv {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  azureInstance?: string | undefined;
  azureApiVersion?: string | undefined;
}

export function readProviderEnv(provider: "openai" | "azure", env: NodeJS.ProcessEnv = process.env): ProviderEnv {
  const apiKey = provider === "azure" ? env.AZURE_OPENAI_API_KEY : env.OPENAI_API_KEY;
  registerSecret(apiKey);
  return {
    apiKey: apiKey || undefined,
    baseUrl: (provider === "azure" ? env.AZURE_OPENAI_BASE_PATH : env.OPENAI_BASE_URL) || undefined,
    azureInstance: env.AZURE_OPENAI_API_INSTANCE_NAME || undefined,
    azureApiVersion: env.AZURE_OPENAI_API_VERSION || undefined,
  };
}
