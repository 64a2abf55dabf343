import { SystemMessage, type BaseMessage } from "@langchain/core/messages";

/**
 * The messages with an Anthropic prompt-cache breakpoint at the end of the shared prefix (the system
 * message: framing, rubric, transcript; judges/prompt/framing.ts). Anthropic caches tools, system and
 * messages in that order up to the last block marked `cache_control`, so every agent of a dialogue
 * reads the tools and the prefix from the cache after the first call.
 */
export function withCacheBreakpoint(messages: BaseMessage[]): BaseMessage[] {
  const index = messages.findIndex((m) => m.getType() === "system");
  const system = messages[index];
  if (!system || typeof system.content !== "string") return messages;
  const marked = new SystemMessage({ content: [{ type: "text", text: system.content, cache_control: { type: "ephemeral" } }] });
  return [...messages.slice(0, index), marked, ...messages.slice(index + 1)];
}
