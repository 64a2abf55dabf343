/** The variables LangChain reads to decide whether runs are traced to LangSmith. */
const TRACING_VARIABLES = ["LANGSMITH_TRACING", "LANGSMITH_TRACING_V2", "LANGCHAIN_TRACING_V2", "LANGCHAIN_TRACING"];

/** Whether LangChain will trace to LangSmith (any of its variables is "true"). */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return TRACING_VARIABLES.some((name) => env[name] === "true");
}
