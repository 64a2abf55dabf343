import { HumanMessage, SystemMessage, type AIMessage } from "@langchain/core/messages";
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import { createLlmJudge } from "../judges/chat-model.js";
import { installLightRunContext } from "../judges/light-run-context.js";
import { directRequestOf } from "../judges/providers/openai.js";
import { panelTools } from "../nodes/panel/tools.js";
import { loadRubric } from "../rubrics/load.js";
import { benchMessages } from "./dialogues.js";

const FloorState = Annotation.Root({
  prompt: Annotation<string>,
  evaluation: Annotation<unknown>,
  critique: Annotation<unknown>,
  final: Annotation<number>,
});

/** A bench chat as the panel's prompts show it, after a rubric-sized text. */
function promptOf(i: number): string {
  const turns = benchMessages(`f${i}`).map((m, k) => `[${k}] ${m.role.toUpperCase()}: ${m.content}`);
  return `${"Rubric: every criterion, its weight and its scale. ".repeat(60)}\n<transcript>\n${turns.join("\n")}\n</transcript>`;
}

/**
 * What the engine Tribunal is built on costs by itself over the same HTTP path: a graph of the
 * panel's shape (read_input → evaluator → critic → referee → score, the same conditional edges)
 * whose evaluator and critic send the panel's two requests (its tools, each forcing its own, a
 * fixed prompt of a panel prompt's size) through @langchain/openai, as Tribunal's calls go when
 * nothing listens, and do nothing else: no prompt building, no checks, no quotes, no scoring, no
 * result line. Returns its CPU per dialogue in ms, after a warm-up of `n` other dialogues.
 */
export async function engineFloorCpuMs(baseUrl: string, n: number, concurrency: number): Promise<number> {
  installLightRunContext();
  const judge = createLlmJudge({ provider: "openai", model: "bench" }, { apiKey: "sk-bench-local", baseUrl, timeoutMs: 120_000, maxRetries: 0, temperature: 0 });
  const tools = panelTools(loadRubric("customer-service")).map((t) => ({ name: t.name, description: t.description, schema: t.schema }));
  const ask = (role: string) => {
    const request = directRequestOf(judge.model.bindTools!(tools, { tool_choice: role, strict: true } as never));
    if (!request) throw new Error("bench: the OpenAI model has no direct request");
    return async (prompt: string) => ((await request([new SystemMessage(prompt), new HumanMessage(`Answer as the ${role}.`)], undefined)) as AIMessage).tool_calls?.[0]?.args;
  };
  const evaluator = ask("evaluator");
  const critic = ask("critic");
  const graph = new StateGraph(FloorState)
    .addNode("read_input", (s) => ({ prompt: s.prompt }))
    .addNode("evaluator", async (s) => ({ evaluation: await evaluator(s.prompt) }))
    .addNode("critic", async (s) => ({ critique: await critic(s.prompt) }))
    .addNode("referee", () => ({}))
    .addNode("score", () => ({ final: 0 }))
    .addEdge(START, "read_input")
    .addEdge("read_input", "evaluator")
    .addConditionalEdges("evaluator", () => "critic", ["critic", "score"])
    .addConditionalEdges("critic", () => "referee", ["referee", "score"])
    .addEdge("referee", "score")
    .addEdge("score", END)
    .compile();
  const run = async (first: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < n) await graph.invoke({ prompt: promptOf(first + next++) });
      }),
    );
  };
  await run(n);
  const cpu = process.cpuUsage();
  await run(0);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / n;
}
