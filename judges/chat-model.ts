import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AzureChatOpenAI, ChatOpenAI } from "@langchain/openai";
import { AsyncCaller } from "@langchain/core/utils/async_caller";
import { outputProblemOf } from "./answer-errors.js";
import type { ModelSpec } from "./model-spec.js";

/**
 * LangChain's own retry policy (no retry on 4xx, waits on rate limits), except for an answer the
 * client could not parse: resending the same prompt is not a repair, and runAgent repairs it.
 */
class StandardRetryPolicy extends AsyncCaller {
  handler() {
    return this.onFailedAttempt;
  }
}

function retryUnlessAnswered(): (error: unknown) => void {
  const standard = new StandardRetryPolicy({}).handler();
  return (error) => {
    if (outputProblemOf(error)) throw error;
    standard?.(error);
  };
}

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
  const common = { temperature: settings.temperature, timeout: settings.timeoutMs, maxRetries: settings.maxRetries, onFailedAttempt: retryUnlessAnswered() };
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
