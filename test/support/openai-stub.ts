import type { IncomingHttpHeaders } from "node:http";
import { replyText, startStubServer, type ProviderStub, type ReplyHandler, type StubReplyBase } from "./stub-server.js";

export interface StubRequest {
  body: {
    messages: { role: string; content: string; tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
    response_format?: { type: string; json_schema?: { name: string } };
    tools?: { type: string; function: { name: string; description?: string; parameters?: unknown; strict?: boolean } }[];
    tool_choice?: string | { type: string; function?: { name: string } };
    [key: string]: unknown;
  };
  rawBody: string;
  headers: IncomingHttpHeaders;
  /**
   * The schema name the client sent: the forced function's name (`tool_choice`), else the
   * json_schema `name`, else the first tool's name.
   */
  schemaName: string | undefined;
  /** 0-based index among all requests. */
  index: number;
}

/** What the stub answers: JSON or text content (`asText`: as message content even when tools are offered), an HTTP error, or a hang. */
export interface StubReply extends StubReplyBase {
  /** The JSON body of an error reply (default `{error: {message: "stub error <status>", type: "stub"}}`). */
  errorBody?: unknown;
  /** Token usage to report instead of ⌈body / 4⌉ prompt and ⌈reply / 4⌉ completion tokens. */
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export type StubHandler = ReplyHandler<StubRequest, StubReply>;

export interface OpenAIStub extends ProviderStub<StubRequest> {
  /** `http://127.0.0.1:<port>/v1`: the OpenAI client's `baseURL` (the SDK appends `/chat/completions`). */
  baseUrl: string;
}

/** A local OpenAI-compatible server on 127.0.0.1 and a random port: `POST /v1/chat/completions`. */
export async function startOpenAIStub(handler: StubHandler): Promise<OpenAIStub> {
  const requests: StubRequest[] = [];
  const server = await startStubServer(async ({ req, res, rawBody, replyTo }) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(rawBody) as StubRequest["body"];
    const forced = typeof body.tool_choice === "object" ? body.tool_choice.function?.name : undefined;
    const schemaName = forced ?? body.response_format?.json_schema?.name ?? body.tools?.[0]?.function.name;
    const request: StubRequest = { body, rawBody, headers: req.headers, schemaName, index: requests.length };
    requests.push(request);
    const reply = await replyTo(handler, request);
    if (reply.status && reply.status >= 400) {
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      res.end(JSON.stringify(reply.errorBody ?? { error: { message: `stub error ${reply.status}`, type: "stub" } }));
      return;
    }
    const content = replyText(reply);
    const asTool = body.tools !== undefined && !reply.asText;
    const message = asTool
      ? { role: "assistant", content: null, tool_calls: [{ id: `call_${request.index}`, type: "function", function: { name: schemaName, arguments: content } }] }
      : { role: "assistant", content };
    const promptTokens = reply.usage?.prompt_tokens ?? Math.ceil(rawBody.length / 4);
    const completionTokens = reply.usage?.completion_tokens ?? Math.ceil(content.length / 4);
    res.writeHead(200, { "content-type": "application/json", ...reply.headers });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${request.index}`,
        object: "chat.completion",
        created: 0,
        model: String(body.model ?? "stub"),
        choices: [{ index: 0, message, finish_reason: asTool ? "tool_calls" : "stop" }],
        usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      }),
    );
  });
  return { baseUrl: `${server.origin}/v1`, requests, close: server.close };
}
