import type { BaseMessage } from "@langchain/core/messages";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { memoByObject } from "../util/memo.js";

/**
 * Offline token counts with OpenAI's o200k_base encoding (gpt-4o, gpt-4.1, gpt-5, o-series), from
 * the ranks bundled with js-tiktoken: nothing is downloaded. For other models (gpt-4, gpt-3.5 use
 * cl100k; local models their own) the counts are an estimate, usually within 10–20 %.
 */

let encoder: Tiktoken | undefined;

/** Built on first use: loading the ranks takes about a second, so only runs that count pay for it. */
function o200kEncoder(): Tiktoken {
  return (encoder ??= new Tiktoken(o200k));
}

/** Texts up to this many characters are encoded whole; longer ones in pieces cut after a line break. */
const PIECE_CHARS = 64_000;

/** Where a piece of `text` ending near `end` is cut: after a run of line breaks, before a non-space character (the encoding never joins tokens across such a place), else at `end`. */
function cutNear(text: string, start: number, end: number): number {
  for (let i = end; i > start + PIECE_CHARS / 2; i--) {
    if (text[i - 1] === "\n" && !/\s/.test(text[i] ?? "")) return i;
  }
  return end;
}

/**
 * Tokens of `text` (o200k). Special-token text such as `<|endoftext|>` is counted as ordinary
 * text, as the provider does with message content. A long text is encoded in pieces cut after a
 * line break, and counting stops once the count passes `stopAbove` (the count returned is then only
 * known to be above it): a 5 MB dialogue is not encoded whole to learn that it is too long.
 */
export function countTokens(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  const enc = o200kEncoder();
  if (text.length <= PIECE_CHARS) return enc.encode(text, [], []).length;
  let total = 0;
  for (let start = 0; start < text.length; ) {
    const end = text.length - start <= PIECE_CHARS ? text.length : cutNear(text, start, start + PIECE_CHARS);
    total += enc.encode(text.slice(start, end), [], []).length;
    if (total > stopAbove) return total;
    start = end;
  }
  return total;
}

/** Framing tokens OpenAI's chat format adds around each message (role and separators). */
export const TOKENS_PER_MESSAGE = 4;
/** Tokens that prime the reply, once per request. */
export const TOKENS_PER_REQUEST = 3;

/** A tool (or structured-output schema) as a call binds it: `{ name, description?, schema }`. */
export interface ToolLike {
  name: string;
  description?: string;
  schema: unknown;
}

/** The text of a message as sent: its content (text parts of a multi-part content) and the arguments of its tool calls. */
export function messageText(message: BaseMessage): string {
  const content = message.content;
  const text = typeof content === "string" ? content : content.map((part) => (typeof part === "string" ? part : part.type === "text" && typeof part.text === "string" ? part.text : "")).join("");
  const calls = (message as { tool_calls?: { name: string; args: unknown }[] }).tool_calls ?? [];
  return calls.length === 0 ? text : `${text}${calls.map((c) => `${c.name}${JSON.stringify(c.args)}`).join("")}`;
}

/**
 * The tool definitions as the OpenAI client sends them (`bindTools(…, { strict: true })`), as JSON;
 * converted once per list (a run binds its protocol's toolset once and sends it with every call).
 */
export const toolsText = memoByObject((tools: readonly ToolLike[]): string => {
  if (tools.length === 0) return "";
  return JSON.stringify(
    tools.map((t) => convertToOpenAITool({ name: t.name, ...(t.description ? { description: t.description } : {}), schema: t.schema } as Parameters<typeof convertToOpenAITool>[0], { strict: true })),
  );
});

/** Counts a text; a counter may cache (a dialogue's calls repeat the same transcript). */
export type TextCounter = (text: string) => number;

/** A counter that remembers the texts it has counted, stopping at `stopAbove` like `countTokens`. */
export function cachedCounter(stopAbove = Number.POSITIVE_INFINITY): TextCounter {
  const seen = new Map<string, number>();
  return (text) => {
    let n = seen.get(text);
    if (n === undefined) seen.set(text, (n = countTokens(text, stopAbove)));
    return n;
  };
}

/** A protocol sends the same tools with every call of every dialogue: their counts are kept. */
const TOOL_COUNTS = new Map<string, number>();

function toolTokensOf(text: string): number {
  let n = TOOL_COUNTS.get(text);
  if (n === undefined) {
    if (TOOL_COUNTS.size >= 64) TOOL_COUNTS.clear();
    TOOL_COUNTS.set(text, (n = countTokens(text)));
  }
  return n;
}

/**
 * Input tokens of one request, estimated offline: the tools' JSON (or the structured-output
 * schema), then each message's text plus `TOKENS_PER_MESSAGE`, plus `TOKENS_PER_REQUEST`.
 * Providers render tool definitions their own way, so that part is approximate.
 */
export function requestTokens(messages: readonly BaseMessage[], tools: readonly ToolLike[] = [], count: TextCounter = (t) => countTokens(t)): number {
  const toolTokens = tools.length > 0 ? toolTokensOf(toolsText(tools)) : 0;
  return toolTokens + messages.reduce((sum, m) => sum + count(messageText(m)) + TOKENS_PER_MESSAGE, 0) + TOKENS_PER_REQUEST;
}

/**
 * The request's size in UTF-8 bytes plus framing, an upper bound of its tokens (a token is at
 * least one byte), when it is within `limit`; else undefined. Cheap: nothing is tokenized.
 */
export function bytesWithin(messages: readonly BaseMessage[], tools: readonly ToolLike[], limit: number): number | undefined {
  let bytes = (tools.length > 0 ? Buffer.byteLength(toolsText(tools)) : 0) + TOKENS_PER_REQUEST;
  for (const m of messages) {
    bytes += Buffer.byteLength(messageText(m)) + TOKENS_PER_MESSAGE;
    if (bytes > limit) return undefined;
  }
  return bytes;
}
