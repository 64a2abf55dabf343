import { ChatAnthropic } from "@langchain/anthropic";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { LlmJudge } from "./judge.js";
import { formatModelSpec, type LlmSpec } from "./model-spec.js";
import { JudgeChatGoogle } from "./providers/google.js";
import { JudgeAzureChatOpenAI, JudgeChatOpenAI } from "./providers/openai.js";
import { nodeFetch } from "./providers/node-fetch.js";

/**
 * The client makes exactly one request per call and hands every error back unchanged: retries
 * (backoff with jitter, Retry-After, 429 without Retry-After, the `--rpm` limiter) live in one place,
 * `judges/retry.ts`, around each call in `runAgent`. LangChain's own caller would not retry a 429
 * without Retry-After, and would resend an answer it could not parse.
 */
function handBack(error: unknown): never {
  throw error;
}

/** Room for the longest answer a role gives (a checklist of 30 criteria, a panel's six justifications). */
const MAX_OUTPUT_TOKENS = 4096;

/** A key local and compatible servers accept; the clients insist on one. */
const NO_KEY = "not-needed";

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

/** The chat model for an LLM spec, always with an explicit timeout and no client-side retry. */
function chatModelOf(spec: LlmSpec, settings: ProviderSettings, json = false): BaseChatModel {
  const common = { temperature: settings.temperature, maxRetries: 0, onFailedAttempt: handBack };
  const apiKey = settings.apiKey ?? (settings.baseUrl ? NO_KEY : undefined);
  switch (spec.provider) {
    case "azure":
      return new JudgeAzureChatOpenAI({
        ...common,
        timeout: settings.timeoutMs,
        azureOpenAIApiKey: settings.apiKey,
        azureOpenAIApiInstanceName: settings.azureInstance,
        azureOpenAIApiDeploymentName: spec.deployment,
        azureOpenAIApiVersion: settings.azureApiVersion ?? "2024-10-21",
        configuration: { fetch: nodeFetch },
        ...(settings.baseUrl ? { azureOpenAIBasePath: settings.baseUrl } : {}),
      });
    case "openai":
      return new JudgeChatOpenAI({ ...common, timeout: settings.timeoutMs, model: spec.model, apiKey, configuration: { fetch: nodeFetch, ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}) } });
    case "anthropic":
      return new ChatAnthropic({
        ...common,
        model: spec.model,
        apiKey,
        maxTokens: MAX_OUTPUT_TOKENS,
        clientOptions: { timeout: settings.timeoutMs },
        ...(settings.baseUrl ? { anthropicApiUrl: settings.baseUrl } : {}),
      });
    case "google":
      return new JudgeChatGoogle({ ...common, model: spec.model, apiKey, maxOutputTokens: MAX_OUTPUT_TOKENS, timeoutMs: settings.timeoutMs, json, ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}) });
  }
}

/** The judge for an LLM spec: its chat model, and what a request needs to know of its API. */
export function createLlmJudge(spec: LlmSpec, settings: ProviderSettings): LlmJudge {
  const judge: LlmJudge = { kind: "llm", model: chatModelOf(spec, settings), label: formatModelSpec(spec), provider: spec.provider, baseUrl: settings.baseUrl };
  if (spec.provider === "google") {
    let jsonModel: BaseChatModel | undefined;
    judge.jsonModel = () => (jsonModel ??= chatModelOf(spec, settings, true));
  }
  return judge;
}
