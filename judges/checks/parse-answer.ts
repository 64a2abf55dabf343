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
 * Takes the JSON out of a reply: a tool call's arguments, the arguments of a tool call the client
 * could not parse, or the text (code fences tolerated).
 */
function answerJson(raw: BaseMessage): { ok: true; json: unknown } | { ok: false; message: string } {
  const message = raw as AIMessage;
  const toolCall = message.tool_calls?.[0];
  if (toolCall) return { ok: true, json: toolCall.args };
  const invalid = message.invalid_tool_calls?.[0];
  const text = (typeof invalid?.args === "string" ? invalid.args : messageText(raw))
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/```$/, "")
    .trim();
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch (e) {
    return { ok: false, message: `the reply is not valid JSON (${(e as Error).message})` };
  }
}

/** Parses a raw reply against the role's zod contract; never trusts the provider's own parsing. */
export function parseAnswer<O>(raw: BaseMessage, schema: z.ZodType<O>): ParsedAnswer<O> {
  const json = answerJson(raw);
  if (!json.ok) return { ok: false, problem: { kind: "malformed_json", message: json.message } };
  const parsed = schema.safeParse(json.json);
  if (!parsed.success) return { ok: false, problem: { kind: "schema_invalid", message: describeIssues(parsed.error) } };
  return { ok: true, value: parsed.data };
}
