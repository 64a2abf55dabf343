import type { AIMessage, BaseMessage } from "@langchain/core/messages";
import type { z } from "zod";
import { describeIssues } from "../../util/zod-issues.js";
import type { OutputProblem } from "./problems.js";

export type ParsedAnswer<O> = { ok: true; value: O } | { ok: false; problem: OutputProblem };

function messageText(message: BaseMessage): string {
  const content = message.content;
  if (typeof content === "string") return content;
  return content.map((part) => ("text" in part && typeof part.text === "string" ? part.text : "")).join("");
}

/**
 * The first balanced JSON object in a text, with prose and code fences around it tolerated: each
 * `{` in turn is followed to its matching `}` (braces inside strings ignored) and kept when it parses.
 */
export function extractJsonObject(text: string): { ok: true; json: unknown } | { ok: false } {
  for (let start = text.indexOf("{"); start !== -1; start = text.indexOf("{", start + 1)) {
    const end = matchingBrace(text, start);
    if (end === -1) return { ok: false };
    try {
      return { ok: true, json: JSON.parse(text.slice(start, end + 1)) };
    } catch {
      // Not JSON (prose in braces, a template): try the next `{`.
    }
  }
  return { ok: false };
}

/** The index of the `}` closing the `{` at `start`, or -1. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return -1;
}

/**
 * Takes the JSON out of a reply: a tool call's arguments, the arguments of a tool call the client
 * could not parse, or the text (code fences tolerated; with `extract`, also prose around the object).
 */
function answerJson(raw: BaseMessage, extract: boolean): { ok: true; json: unknown } | { ok: false; message: string } {
  const message = raw as AIMessage;
  const toolCall = message.tool_calls?.[0];
  if (toolCall) return { ok: true, json: toolCall.args };
  const invalid = message.invalid_tool_calls?.[0];
  const source = typeof invalid?.args === "string" ? invalid.args : messageText(raw);
  const text = source
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/```$/, "")
    .trim();
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch (e) {
    const found = extract ? extractJsonObject(source) : { ok: false as const };
    if (found.ok) return found;
    return { ok: false, message: `the reply is not valid JSON (${(e as Error).message})` };
  }
}

export interface ParseOptions {
  /** Take the first JSON object out of surrounding text (the `json` and `text` output modes). */
  extract?: boolean;
}

/** Parses a raw reply against the role's zod contract; never trusts the provider's own parsing. */
export function parseAnswer<O>(raw: BaseMessage, schema: z.ZodType<O>, options: ParseOptions = {}): ParsedAnswer<O> {
  const json = answerJson(raw, options.extract ?? false);
  if (!json.ok) return { ok: false, problem: { kind: "malformed_json", message: json.message } };
  const parsed = schema.safeParse(json.json);
  if (!parsed.success) return { ok: false, problem: { kind: "schema_invalid", message: describeIssues(parsed.error) } };
  return { ok: true, value: parsed.data };
}
