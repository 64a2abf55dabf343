import type { AIMessage, BaseMessage, InvalidToolCall } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { makeInvalidToolCall, parseToolCall } from "@langchain/core/output_parsers/openai_tools";
import { hasHandlers } from "../listeners.js";
import { AzureChatOpenAI, AzureChatOpenAICompletions, ChatOpenAI, ChatOpenAICompletions, type AzureChatOpenAIFields, type ChatOpenAIFields, type OpenAIClient } from "@langchain/openai";

type RawMessage = OpenAIClient.ChatCompletionMessage;
type Convert = (message: RawMessage, rawResponse: OpenAIClient.ChatCompletion) => BaseMessage;

/** The reply's tool calls when it has some and none of their arguments parse; otherwise undefined. */
function onlyUnparsableCalls(message: RawMessage): InvalidToolCall[] | undefined {
  const invalid: InvalidToolCall[] = [];
  for (const call of message.tool_calls ?? []) {
    try {
      if (parseToolCall(call, { returnId: true }) !== undefined) return undefined;
    } catch (error) {
      invalid.push(makeInvalidToolCall(call, (error as { message?: string }).message));
    }
  }
  return invalid.length > 0 ? invalid : undefined;
}

/**
 * Converts a reply as @langchain/openai does, except one whose tool calls all have arguments that are
 * not JSON. The client keeps those as `invalid_tool_calls` with the raw calls in
 * `additional_kwargs.tool_calls` and no parsed call, which is what LangChain core takes for a message
 * from an outdated integration: every such `AIMessage` built prints "New LangChain packages are
 * available…" (twice per reply). Here the raw calls are left out, and `invalid_tool_calls` alone says
 * what the model sent; the repair turn (`runAgent`) puts them back in the provider's form.
 */
function convertQuietly(convert: Convert, message: RawMessage, rawResponse: OpenAIClient.ChatCompletion): BaseMessage {
  const invalid = onlyUnparsableCalls(message);
  if (!invalid) return convert(message, rawResponse);
  const withoutCalls = { ...message };
  delete withoutCalls.tool_calls;
  const converted = convert(withoutCalls, rawResponse) as AIMessage;
  converted.invalid_tool_calls = invalid;
  return converted;
}

class QuietCompletions extends ChatOpenAICompletions {
  protected override _convertCompletionsMessageToBaseMessage(message: RawMessage, rawResponse: OpenAIClient.ChatCompletion): BaseMessage {
    return convertQuietly((m, r) => super._convertCompletionsMessageToBaseMessage(m, r), message, rawResponse);
  }
}

class QuietAzureCompletions extends AzureChatOpenAICompletions {
  protected override _convertCompletionsMessageToBaseMessage(message: RawMessage, rawResponse: OpenAIClient.ChatCompletion): BaseMessage {
    return convertQuietly((m, r) => super._convertCompletionsMessageToBaseMessage(m, r), message, rawResponse);
  }
}

/** `ChatOpenAI` whose replies with unparsable tool-call arguments do not make LangChain warn. */
export class JudgeChatOpenAI extends ChatOpenAI {
  constructor(fields: ChatOpenAIFields) {
    super({ ...fields, completions: new QuietCompletions(fields) });
  }
}

/** `AzureChatOpenAI` likewise (its constructor sets its own completions client, replaced here). */
export class JudgeAzureChatOpenAI extends AzureChatOpenAI {
  constructor(fields: AzureChatOpenAIFields) {
    super(fields);
    this.completions = new QuietAzureCompletions(fields);
  }
}

/** A request as `invoke` would make it, without LangChain's run around it. */
export type DirectRequest = (messages: BaseMessage[], signal: AbortSignal | undefined) => Promise<BaseMessage>;

/** What `invoke` reads of a `ChatOpenAI` (protected in its types): the options bound to it, and its request. */
interface OpenAIInternals {
  defaultOptions?: Record<string, unknown>;
  _generate(messages: BaseMessage[], options: Record<string, unknown>): Promise<ChatResult>;
}

/**
 * For a `ChatOpenAI` (Azure included, and the models `bindTools` and `withConfig` return, which are
 * `ChatOpenAI`s carrying their options): its own request, `_generate` with the options bound to it,
 * which is what `invoke` ends in. `invoke` first builds a callback manager, tracing parameters (every
 * tool converted once more) and a run around it, about 0.6 ms of CPU per call for nothing when
 * nothing listens. Undefined for any other model, and for one whose `invoke` does more than its
 * request: a caller's model with handlers of its own, verbose logging or a cache.
 */
export function directRequestOf(model: unknown): DirectRequest | undefined {
  if (!(model instanceof ChatOpenAI) || model.verbose || model.cache !== undefined || hasHandlers(model.callbacks)) return undefined;
  const internals = model as unknown as OpenAIInternals;
  return async (messages, signal) => {
    const result = await internals._generate(messages, { ...internals.defaultOptions, signal });
    const message = result.generations[0]?.message;
    if (!message) throw new Error("the reply has no choices");
    return message;
  };
}
