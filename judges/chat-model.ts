import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { JudgeAzureChatOpenAI, JudgeChatOpenAI } from "./openai-tool-calls.js";
import type { ModelSpec } from "./model-spec.js";

/**
 * The client makes exactly one request per call and hands every error back unchanged: retries
 * (backoff with jitter, Retry-After, 429 without Retry-After, the `--rpm` limiter) live in one place,
 * `judges/retry.ts`, around each call in `runAgent`. LangChain's own caller would not retry a 429
 * without Retry-After, and would resend an answer it could not parse.
 */
function handBack(error: unknown): never {
  throw error;
}

export interface ProviderSettings {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  /** Azure OpenAI: instance name and API version (the key is `apiKey`). */
  azureInstance?: string | undefined;
  azureApiVersion?: string | undefined;
  /** Per-call timeout; the client's own default is 10 minutes. */
  timeoutMs: number;
  /** Retries per call: done by `runAgent` (judges/retry.ts), never inside the client. */
  maxRetries: number;
  temperature: number;
}

/** Builds the chat model for an LLM spec, always with an explicit timeout and no client-side retry. */
export function createChatModel(spec: Exclude<ModelSpec, { provider: "offline" }>, settings: ProviderSettings): BaseChatModel {
  const common = { temperature: settings.temperature, timeout: settings.timeoutMs, maxRetries: 0, onFailedAttempt: handBack };
  if (spec.provider === "azure") {
    return new JudgeAzureChatOpenAI({
      ...common,
      azureOpenAIApiKey: settings.apiKey,
      azureOpenAIApiInstanceName: settings.azureInstance,
      azureOpenAIApiDeploymentName: spec.deployment,
      azureOpenAIApiVersion: settings.azureApiVersion ?? "2024-10-21",
      ...(settings.baseUrl ? { azureOpenAIBasePath: settings.baseUrl } : {}),
    });
  }
  return new JudgeChatOpenAI({
    ...common,
    model: spec.model,
    // Compatible servers (Ollama, vLLM) accept any key; the client insists on one.
    apiKey: settings.apiKey ?? (settings.baseUrl ? "not-needed" : undefined),
    configuration: settings.baseUrl ? { baseURL: settings.baseUrl } : {},
  });
}
