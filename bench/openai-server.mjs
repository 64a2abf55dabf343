// A scripted OpenAI-compatible server for `npm run bench http`, run as its own process so its CPU is
// not the judge's: POST /v1/chat/completions answers after LATENCY_MS with a valid panel answer (the
// evaluator scores 80 quoting the first USER utterance; the critic agrees), as a tool call when tools
// are offered. Prints its port on stdout.
import { createServer } from "node:http";

const LATENCY_MS = Number(process.argv[2] ?? 1000);
const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"];

function answer(body) {
  const forced = typeof body.tool_choice === "object" ? body.tool_choice?.function?.name : undefined;
  const schema = forced ?? body.response_format?.json_schema?.name ?? body.tools?.[0]?.function?.name;
  if (schema === "critic") return { schema, json: { critic: CRITERIA.map((criterion) => ({ criterion, comment: "", agree: true, suggested_score: null })) } };
  const system = String(body.messages?.[0]?.content ?? "");
  const utterance = /^\[\d+\] USER: (.*)$/m.exec(system)?.[1] ?? "";
  return { schema, json: Object.fromEntries(CRITERIA.map((c) => [c, { justification: `USER: "${utterance}"`, score: 80 }])) };
}

let served = 0;
const server = createServer((req, res) => {
  let raw = "";
  req.on("data", (chunk) => (raw += chunk));
  req.on("end", () => {
    const body = JSON.parse(raw || "{}");
    const { schema, json } = answer(body);
    const content = JSON.stringify(json);
    const message = body.tools ? { role: "assistant", content: null, tool_calls: [{ id: `call_${served}`, type: "function", function: { name: schema, arguments: content } }] } : { role: "assistant", content };
    const reply = JSON.stringify({
      id: `chatcmpl-${served++}`,
      object: "chat.completion",
      created: 0,
      model: String(body.model ?? "bench"),
      choices: [{ index: 0, message, finish_reason: body.tools ? "tool_calls" : "stop" }],
      usage: { prompt_tokens: Math.ceil(raw.length / 4), completion_tokens: Math.ceil(content.length / 4), total_tokens: Math.ceil((raw.length + content.length) / 4) },
    });
    setTimeout(() => res.writeHead(200, { "content-type": "application/json" }).end(reply), LATENCY_MS);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
