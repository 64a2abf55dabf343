import type { BaseChatModel } from "@langchain/core/language_models/chat_models";

/** Who answers an agent's call: a chat model, or the deterministic offline judge. */
export type Judge = { kind: "offline" } | { kind: "llm"; model: BaseChatModel };
