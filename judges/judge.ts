import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { LlmProvider } from "./model-spec.js";

/** A chat model and what a request needs to know of the API behind it. */
export interface LlmJudge {
  kind: "llm";
  model: BaseChatModel;
  /** `openai:gpt-4o`, … as in `meta.model` (`injected` for a chat model passed in process). */
  label: string;
  /** The API's dialect (judges/output-mode.ts): an injected model is spoken to like OpenAI. */
  provider: LlmProvider | "injected";
  /** Where the model is served, when not the provider's default (named in the probe's advice). */
  baseUrl?: string | undefined;
  /** The same model answering in JSON mode, for an API that sets it on the client (Gemini). */
  jsonModel?: () => BaseChatModel;
}

/** Who answers an agent's call: a chat model, or the deterministic offline judge. */
export type Judge = { kind: "offline" } | LlmJudge;

/** A chat model passed in process (tests, a caller's own model), spoken to like OpenAI. */
export function injectedJudge(model: BaseChatModel, label = "injected"): LlmJudge {
  return { kind: "llm", model, label, provider: "injected" };
}
