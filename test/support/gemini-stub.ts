import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { replyObject, replyText, startStubServer, type ProviderStub, type ReplyHandler, type StubReplyBase } from "./stub-server.js";

/** One part of a Gemini `Content`: text, a function call (model), a function response (user), inline data, … */
export interface GeminiPart {
  text?: string;
  functionCall?: { name: string; args?: Record<string, unknown>; id?: string };
  functionResponse?: { name: string; response: Record<string, unknown>; id?: string };
  thought?: boolean;
  thoughtSignature?: string;
  [key: string]: unknown;
}

export interface GeminiContent {
  role?: string;
  parts: GeminiPart[];
}

export interface GeminiStubRequest {
  body: {
    contents: GeminiContent[];
    /** `{role: "system", parts: [{text}]}` as LangChain sends it for gemini-1.5+/2.x/3.x models. */
    systemInstruction?: GeminiContent;
    tools?: { functionDeclarations?: { name: string; description?: string; parameters?: unknown }[]; [key: string]: unknown }[];
    toolConfig?: { functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] } };
    generationConfig?: { responseMimeType?: string; responseSchema?: unknown; [key: string]: unknown };
    safetySettings?: unknown[];
    [key: string]: unknown;
  };
  rawBody: string;
  headers: IncomingHttpHeaders;
  /** 0-based index among all requests. */
  index: number;
  /** The model named in the path (`/v1beta/models/<model>:generateContent`). */
  model: string;
  /**
   * The system prompt: the `systemInstruction` parts' text joined with "\n", else (a client that folds the
   * system message into the first user turn) the first user content's first text part, else "".
   */
  system: string;
  /** `toolConfig.functionCallingConfig.allowedFunctionNames[0]`, else the first function declaration's name. */
  schemaName: string | undefined;
}

/**
 * What the stub answers. With function declarations in the request (and calling mode not `NONE`) a `json`
 * reply, or a `content` string holding a JSON object, comes back as one `functionCall` part whose `args` is
 * that object. Gemini's `args` is always an object (a protobuf Struct), so a `content` that is not a JSON
 * object (the "model wrote invalid JSON" case) comes back as a text part, exactly as with `asText`.
 */
export interface GeminiStubReply extends StubReplyBase {
  /** The JSON body of an error reply (default Google's `{error: {code, message, status}}`). */
  errorBody?: unknown;
  /** Usage to report instead of ⌈body / 4⌉ prompt and ⌈reply / 4⌉ candidate tokens. */
  usage?: { promptTokenCount?: number; candidatesTokenCount?: number; cachedContentTokenCount?: number };
  /** The candidate's `finishReason` (default "STOP"). */
  finishReason?: string;
}

export type GeminiStubHandler = ReplyHandler<GeminiStubRequest, GeminiStubReply>;

export interface GeminiStub extends ProviderStub<GeminiStubRequest> {
  /** `http://127.0.0.1:<port>`: ChatGoogleGenerativeAI's `baseUrl` (the SDK appends `/v1beta/models/<model>:generateContent`). */
  baseUrl: string;
}

/** Google's canonical error `status` for an HTTP status. */
export function googleErrorStatus(status: number): string {
  switch (status) {
    case 400:
      return "INVALID_ARGUMENT";
    case 401:
      return "UNAUTHENTICATED";
    case 403:
      return "PERMISSION_DENIED";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "ABORTED";
    case 429:
      return "RESOURCE_EXHAUSTED";
    case 499:
      return "CANCELLED";
    case 503:
      return "UNAVAILABLE";
    case 504:
      return "DEADLINE_EXCEEDED";
    default:
      return status >= 500 ? "INTERNAL" : "INVALID_ARGUMENT";
  }
}

function sendError(res: ServerResponse, status: number, message: string, extraHeaders?: Record<string, string>, errorBody?: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8", ...extraHeaders });
  res.end(JSON.stringify(errorBody ?? { error: { code: status, message, status: googleErrorStatus(status) } }, null, 2));
}

const GENERATE_PATH = /^\/(?:v1|v1beta)\/models\/([^/:]+):generateContent$/;

/**
 * A local Gemini API (Generative Language) server on 127.0.0.1 and a random port:
 * `POST /v1beta/models/<model>:generateContent` (and `/v1/`). Non-streaming only:
 * `:streamGenerateContent` is a 404 like any other path.
 */
export async function startGeminiStub(handler: GeminiStubHandler): Promise<GeminiStub> {
  const requests: GeminiStubRequest[] = [];
  const server = await startStubServer(async ({ req, res, rawBody, path, replyTo }) => {
    const match = req.method === "POST" ? GENERATE_PATH.exec(path) : null;
    if (!match) {
      sendError(res, 404, `Stub: no route for ${req.method} ${path}.`);
      return;
    }
    let body: GeminiStubRequest["body"];
    try {
      body = JSON.parse(rawBody) as GeminiStubRequest["body"];
    } catch {
      sendError(res, 400, "Invalid JSON payload received.");
      return;
    }
    body.contents ??= [];
    const model = decodeURIComponent(match[1]!);
    const declarations = (body.tools ?? []).flatMap((t) => t.functionDeclarations ?? []);
    const calling = body.toolConfig?.functionCallingConfig;
    const schemaName = calling?.allowedFunctionNames?.[0] ?? declarations[0]?.name;
    const textOf = (content: GeminiContent | undefined) => (content?.parts ?? []).flatMap((p) => (typeof p.text === "string" ? [p.text] : []));
    const firstUser = body.contents.find((c) => c.role === "user" || c.role === undefined);
    const system = body.systemInstruction ? textOf(body.systemInstruction).join("\n") : (textOf(firstUser)[0] ?? "");
    const request: GeminiStubRequest = { body, rawBody, headers: req.headers, index: requests.length, model, system, schemaName };
    requests.push(request);
    const reply = await replyTo(handler, request);
    if (reply.status && reply.status >= 400) {
      sendError(res, reply.status, `stub error ${reply.status}`, reply.headers, reply.errorBody);
      return;
    }
    const args = replyObject(reply);
    const asTool = declarations.length > 0 && calling?.mode !== "NONE" && !reply.asText && args !== undefined;
    const parts: GeminiPart[] = asTool ? [{ functionCall: { name: schemaName!, args } }] : [{ text: replyText(reply) }];
    const promptTokens = reply.usage?.promptTokenCount ?? Math.ceil(rawBody.length / 4);
    const candidatesTokens = reply.usage?.candidatesTokenCount ?? Math.ceil(JSON.stringify(parts).length / 4);
    const cached = reply.usage?.cachedContentTokenCount;
    res.writeHead(200, { "content-type": "application/json; charset=UTF-8", ...reply.headers });
    res.end(
      JSON.stringify(
        {
          candidates: [{ content: { role: "model", parts }, finishReason: reply.finishReason ?? "STOP", index: 0 }],
          usageMetadata: {
            promptTokenCount: promptTokens,
            candidatesTokenCount: candidatesTokens,
            totalTokenCount: promptTokens + candidatesTokens,
            ...(cached !== undefined ? { cachedContentTokenCount: cached } : {}),
            promptTokensDetails: [{ modality: "TEXT", tokenCount: promptTokens }],
          },
          modelVersion: model,
          responseId: `stub-${request.index}`,
        },
        null,
        2,
      ),
    );
  });
  return { baseUrl: server.origin, requests, close: server.close };
}
