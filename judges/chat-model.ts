import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AzureChatOpenAI, ChatOpenAI } from "@langchain/openai";
import type { ModelSpec } from "./model-spec.js";

export interface ProviderSettings {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  /** Azure OpenAI: instance name and API version (the key is `apiKey`). */
  azureInstance?: string | undefined;
  azureApiVersion?: string | undefined;
  /** Per-call timeout; the client's own default is 10 minutes. */
  timeoutMs: number;
  /** Retries inside the client (5xx, connection errors, 429 with Retry-After). */
  maxRetries: number;
  temperature: number;
}

/** Builds the chat model for an LLM spec, always with an explicit timeout and retry count. */
export function createChatModel(spec: Exclude<ModelSpec, { provider: "offline" }>, settings: ProviderSettings): BaseChatModel {
  const common = { temperature: settings.temperature, timeout: settings.timeoutMs, maxRetries: settings.maxRetries };
  if (spec.provider === "azure") {
    return new AzureChatOpenAI({
      ...common,
      azureOpenAIApiKey: settings.apiKey,
      azureOpenAIApiInstanceName: settings.azureInstance,
      azureOpenAIApiDeploymentName: spec.deployment,
      azureOpenAIApiVersion: settings.azureApiVersion ?? "2024-10-21",
      ...(settings.baseUrl ? { azureOpenAIBasePath: settings.baseUrl } : {}),
    });
  }
  return new ChatOpenAI({
    ...common,
    model: spec.model,
    // Compatible servers (Ollama, vLLM) accept any key; the client insists on one.
    apiKey: settings.apiKey ?? (settings.baseUrl ? "not-needed" : undefined),
    configuration: settings.baseUrl ? { baseURL: settings.baseUrl } : {},
  });
}
