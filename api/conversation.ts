import type { Dialogue } from "../dialogues/dialogue.js";
import { chatValueToDialogue } from "../dialogues/chat-json.js";
import { InputError } from "../nodes/input-error.js";
import { dialogueFromTranscript } from "../nodes/read-input.js";

/** Where an evaluator looks for the conversation inside `outputs` / `inputs`. */
const CONVERSATION_KEYS = ["dialogue", "messages", "conversation", "trajectory", "transcript"] as const;

/** LangChain message types and chat roles, as the chat JSON parser names them. */
const ROLE_OF_TYPE: Record<string, string> = { human: "user", ai: "assistant", system: "system", tool: "tool", function: "tool" };

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (typeof part === "string" ? part : typeof (part as { text?: unknown })?.text === "string" ? (part as { text: string }).text : ""))
      .join("");
  }
  return "";
}

/** A chat message (`{role, content}`, a LangChain message, or its `{type, content}` form) as `{role, content}`. */
function chatMessage(message: unknown): { role: string; content: string } | undefined {
  if (typeof message !== "object" || message === null) return undefined;
  const m = message as { role?: unknown; type?: unknown; content?: unknown; getType?: () => string; _getType?: () => string };
  const kind = typeof m.role === "string" ? m.role : typeof m.getType === "function" ? m.getType() : typeof m._getType === "function" ? m._getType() : typeof m.type === "string" ? m.type : "";
  const role = ROLE_OF_TYPE[kind] ?? kind;
  const content = textOf(m.content);
  // Tool traffic is not conversation; an assistant message that only calls tools has no text.
  if (role === "tool" || content.trim() === "") return undefined;
  return { role, content };
}

function fromMessages(messages: unknown[], id: string | number): Dialogue {
  const chat = messages.map(chatMessage).filter((m) => m !== undefined);
  return chatValueToDialogue({ id, messages: chat }, 0, "conversation", 1, `${messages.length} messages`);
}

function looksLikeDialogue(value: unknown): value is Dialogue {
  return typeof value === "object" && value !== null && Array.isArray((value as { turns?: unknown }).turns);
}

/** The dialogue in one value: a Dialogue, a message list, a transcript string, or an object holding one of those. */
function dialogueIn(value: unknown, id: string | number): Dialogue | undefined {
  if (looksLikeDialogue(value)) return value;
  if (Array.isArray(value)) return fromMessages(value, id);
  if (typeof value === "string") return dialogueFromTranscript(value);
  if (typeof value !== "object" || value === null) return undefined;
  for (const key of CONVERSATION_KEYS) {
    const inner = (value as Record<string, unknown>)[key];
    if (inner !== undefined) return dialogueIn(inner, id);
  }
  return undefined;
}

function idIn(...values: unknown[]): string | number | undefined {
  for (const value of values) {
    const id = (value as { id?: unknown; dialogue_id?: unknown } | undefined)?.dialogue_id ?? (value as { id?: unknown } | undefined)?.id;
    if ((typeof id === "string" && id !== "") || (typeof id === "number" && Number.isInteger(id) && id >= 0)) return id;
  }
  return undefined;
}

/**
 * The conversation an evaluator judges: the first of `outputs` then `inputs` holding a Dialogue, a
 * message list (`{role, content}` or LangChain messages), a transcript string, or an object with one
 * of those under `dialogue`, `messages`, `conversation`, `trajectory` or `transcript`.
 */
export function conversationToDialogue(params: { inputs?: unknown; outputs?: unknown; example?: { id?: unknown } | undefined }): Dialogue {
  const id = idIn(params.outputs, params.inputs, params.example) ?? 0;
  for (const value of [params.outputs, params.inputs]) {
    const dialogue = dialogueIn(value, id);
    if (dialogue) return dialogue;
  }
  throw new InputError(`no conversation found in outputs or inputs: expected a message list, a transcript string, a dialogue, or an object with one under ${CONVERSATION_KEYS.join(", ")}`);
}
