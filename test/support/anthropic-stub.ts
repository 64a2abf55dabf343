import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { canonicalJson } from "../../api/config-hash.js";
import { replyObject, replyText, startStubServer, type ProviderStub, type ReplyHandler, type StubReplyBase } from "./stub-server.js";

/** One content block as the Messages API carries it (`text`, `tool_use`, `tool_result`, `image`, …). */
export interface AnthropicBlock {
  type: string;
  text?: string;
  cache_control?: { type: string; ttl?: string } | null;
  [key: string]: unknown;
}

export interface AnthropicStubRequest {
  body: {
    model?: string;
    max_tokens?: number;
    /** A string, or text blocks (LangChain sends blocks when the SystemMessage content is an array). */
    system?: string | AnthropicBlock[];
    messages: { role: "user" | "assistant"; content: string | AnthropicBlock[] }[];
    tools?: { name: string; description?: string; input_schema?: unknown; cache_control?: AnthropicBlock["cache_control"]; [key: string]: unknown }[];
    tool_choice?: { type: "auto" | "any" | "none" | "tool"; name?: string; disable_parallel_tool_use?: boolean };
    /** `withStructuredOutput(schema, {method: "jsonSchema"})`: `{format: {type: "json_schema", schema}}`. */
    output_config?: { format?: { type: string; schema?: unknown }; [key: string]: unknown };
    /** Top-level automatic caching: a breakpoint on the last cacheable block. */
    cache_control?: AnthropicBlock["cache_control"];
    stream?: boolean;
    [key: string]: unknown;
  };
  rawBody: string;
  headers: IncomingHttpHeaders;
  /** 0-based index among all requests. */
  index: number;
  /** The forced tool's name (`tool_choice: {type: "tool", name}`), else the first tool's name. */
  schemaName: string | undefined;
  /** The system prompt's text: the string, or the text blocks joined with "\n" ("" when absent). */
  system: string;
  /**
   * Simulated prompt caching, as the server will report it (reply `usage` overrides only the reply):
   * tokens read from a prefix cached by an earlier successful request, and tokens written now.
   */
  cacheRead: number;
  cacheCreation: number;
}

/**
 * What the stub answers. With `tools` in the request (and `tool_choice` not `none`) a `json` reply, or a
 * `content` string holding a JSON object, comes back as one `tool_use` block whose `input` is that object.
 * The real API always answers an object `input`, so a `content` that is not a JSON object (the
 * "model wrote invalid JSON" case) comes back as a plain text block with `stop_reason: "end_turn"`,
 * exactly as with `asText`.
 */
export interface AnthropicStubReply extends StubReplyBase {
  /** The JSON body of an error reply (default Anthropic's `{type: "error", error: {type, message}, request_id}`). */
  errorBody?: unknown;
  /** Usage fields to report instead of the estimate (⌈chars / 4⌉) and the simulated cache. */
  usage?: { input_tokens?: number; output_tokens?: number; cache_creation_input_tokens?: number; cache_read_input_tokens?: number };
}

export type AnthropicStubHandler = ReplyHandler<AnthropicStubRequest, AnthropicStubReply>;

export interface AnthropicStub extends ProviderStub<AnthropicStubRequest> {
  /** `http://127.0.0.1:<port>`: ChatAnthropic's `anthropicApiUrl` (the SDK appends `/v1/messages`). */
  baseUrl: string;
}

/** Anthropic's error `type` for an HTTP status. */
export function anthropicErrorType(status: number): string {
  switch (status) {
    case 400:
      return "invalid_request_error";
    case 401:
      return "authentication_error";
    case 403:
      return "permission_error";
    case 404:
      return "not_found_error";
    case 413:
      return "request_too_large";
    case 429:
      return "rate_limit_error";
    case 504:
      return "timeout_error";
    case 529:
      return "overloaded_error";
    default:
      return status >= 500 ? "api_error" : "invalid_request_error";
  }
}

/** Blocks the cache sees, in the API's order: tools, then system, then every message's content. */
function cacheableBlocks(body: AnthropicStubRequest["body"]): { key: string; marked: boolean; ttl: string | undefined }[] {
  const raw: { where: unknown[]; block: { cache_control?: AnthropicBlock["cache_control"] } }[] = [];
  for (const tool of body.tools ?? []) raw.push({ where: ["tool"], block: tool });
  const system = typeof body.system === "string" ? [{ type: "text", text: body.system }] : (body.system ?? []);
  for (const block of system) raw.push({ where: ["system"], block });
  body.messages.forEach((message, i) => {
    const content = typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
    for (const block of content) raw.push({ where: ["message", i, message.role], block });
  });
  return raw.map(({ where, block }, i) => {
    const { cache_control, ...rest } = block;
    const automatic = i === raw.length - 1 && body.cache_control ? body.cache_control : undefined;
    const marker = cache_control ?? automatic;
    // Canonical JSON (keys sorted), so equal prefixes give equal keys whatever the key order.
    return { key: canonicalJson([...where, rest]), marked: Boolean(marker), ttl: marker?.ttl };
  });
}

/** How far back from a breakpoint the server looks for an earlier cached prefix. */
const LOOKBACK_BLOCKS = 20;

/** Anthropic's prompt cache, simulated: a prefix up to a breakpoint is cached once a request succeeds. */
function planCache(body: AnthropicStubRequest["body"], cache: Set<string>) {
  const blocks = cacheableBlocks(body);
  const prefixKeys: string[] = [];
  const prefixTokens: number[] = [];
  let chars = 0;
  let joined = String(body.model ?? "");
  for (const block of blocks) {
    joined += `\n${block.key}`;
    chars += block.key.length;
    prefixKeys.push(joined);
    prefixTokens.push(Math.ceil(chars / 4));
  }
  const total = Math.ceil(chars / 4);
  const breakpoints = blocks.flatMap((b, i) => (b.marked ? [i] : []));
  const last = breakpoints.at(-1);
  if (last === undefined) return { total, read: 0, creation: 0, ttl: undefined, writes: [] as string[] };
  let hit = -1;
  for (const b of breakpoints) {
    for (let j = b; j >= Math.max(0, b - LOOKBACK_BLOCKS + 1); j--) {
      if (j > hit && cache.has(prefixKeys[j]!)) hit = j;
    }
  }
  const read = hit >= 0 ? prefixTokens[hit]! : 0;
  const creation = hit === last ? 0 : prefixTokens[last]! - read;
  return { total, read, creation, ttl: blocks[last]!.ttl, writes: breakpoints.map((b) => prefixKeys[b]!) };
}

function sendError(res: ServerResponse, status: number, message: string, requestId: string, extraHeaders?: Record<string, string>, errorBody?: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "request-id": requestId, ...extraHeaders });
  res.end(JSON.stringify(errorBody ?? { type: "error", error: { type: anthropicErrorType(status), message }, request_id: requestId }));
}

/**
 * A local Anthropic Messages API server on 127.0.0.1 and a random port: `POST /v1/messages` (also with
 * `?beta=true`, which the SDK adds when LangChain sends betas). Non-streaming only: a `stream: true`
 * request gets a 400.
 */
export async function startAnthropicStub(handler: AnthropicStubHandler): Promise<AnthropicStub> {
  const requests: AnthropicStubRequest[] = [];
  const cache = new Set<string>();
  let unrouted = 0;
  const server = await startStubServer(async ({ req, res, rawBody, path, replyTo }) => {
    if (req.method !== "POST" || path !== "/v1/messages") {
      sendError(res, 404, `Not Found: ${req.method} ${path}`, `req_stub_unrouted_${++unrouted}`);
      return;
    }
    let body: AnthropicStubRequest["body"];
    try {
      body = JSON.parse(rawBody) as AnthropicStubRequest["body"];
    } catch {
      sendError(res, 400, "There was an error parsing the body of your request.", `req_stub_unrouted_${++unrouted}`);
      return;
    }
    body.messages ??= [];
    const forced = body.tool_choice?.type === "tool" ? body.tool_choice.name : undefined;
    const schemaName = forced ?? body.tools?.[0]?.name;
    const system =
      typeof body.system === "string" ? body.system : (body.system ?? []).flatMap((b) => (typeof b.text === "string" ? [b.text] : [])).join("\n");
    const plan = planCache(body, cache);
    const request: AnthropicStubRequest = {
      body,
      rawBody,
      headers: req.headers,
      index: requests.length,
      schemaName,
      system,
      cacheRead: plan.read,
      cacheCreation: plan.creation,
    };
    requests.push(request);
    const reply = await replyTo(handler, request);
    if (reply.status && reply.status >= 400) {
      sendError(res, reply.status, `stub error ${reply.status}`, `req_stub_${request.index}`, reply.headers, reply.errorBody);
      return;
    }
    if (body.stream) {
      sendError(res, 400, "stub: streaming (stream: true) is not supported", `req_stub_${request.index}`);
      return;
    }
    const input = replyObject(reply);
    const asTool = Boolean(body.tools?.length) && body.tool_choice?.type !== "none" && !reply.asText && input !== undefined;
    const content = asTool
      ? [{ type: "tool_use", id: `toolu_${request.index}`, name: schemaName, input }]
      : [{ type: "text", text: replyText(reply) }];
    for (const key of plan.writes) cache.add(key);
    const cacheCreation = reply.usage?.cache_creation_input_tokens ?? plan.creation;
    const usage = {
      input_tokens: reply.usage?.input_tokens ?? Math.max(0, plan.total - plan.read - plan.creation),
      output_tokens: reply.usage?.output_tokens ?? Math.ceil(JSON.stringify(content).length / 4),
      cache_creation_input_tokens: cacheCreation,
      cache_read_input_tokens: reply.usage?.cache_read_input_tokens ?? plan.read,
      cache_creation: {
        ephemeral_5m_input_tokens: plan.ttl === "1h" ? 0 : cacheCreation,
        ephemeral_1h_input_tokens: plan.ttl === "1h" ? cacheCreation : 0,
      },
      server_tool_use: null,
      service_tier: "standard",
    };
    res.writeHead(200, { "content-type": "application/json", "request-id": `req_stub_${request.index}`, ...reply.headers });
    res.end(
      JSON.stringify({
        id: `msg_${request.index}`,
        type: "message",
        role: "assistant",
        model: String(body.model ?? "stub"),
        content,
        stop_reason: asTool ? "tool_use" : "end_turn",
        stop_sequence: null,
        usage,
      }),
    );
  });
  return { baseUrl: server.origin, requests, close: server.close };
}
