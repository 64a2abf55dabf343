import type { CommandUnknownOpts } from "@commander-js/extra-typings";
import { defaultProjectName, flushTraces, runLabels } from "../api/trace.js";
import { loadModelFile } from "../judges/model-assignment.js";
import { tracingEnabled } from "../judges/tracing-env.js";
import { PROTOCOL_IDS, PROTOCOLS } from "../graphs/registry.js";

/** Longest wait for trace uploads before the CLI exits anyway (STACK: an unreachable endpoint blocked 88 s). */
export const TRACE_FLUSH_TIMEOUT_MS = 5_000;

export interface TracingOptions {
  project?: string | undefined;
  protocol?: string | undefined;
  rubric?: string | undefined;
  model?: string | undefined;
  /** `--models <file>`. */
  models?: string | undefined;
  baseUrl?: string | undefined;
}

/** The batch's LangSmith project: `--project`, else LANGSMITH_PROJECT / LANGCHAIN_PROJECT, else derived from the configuration. */
export function projectNameFor(options: TracingOptions, env: NodeJS.ProcessEnv = process.env): string {
  const named = options.project ?? env.LANGSMITH_PROJECT ?? env.LANGCHAIN_PROJECT;
  if (named) return named;
  const protocol = PROTOCOL_IDS.find((id) => id === options.protocol) ?? "panel";
  try {
    const configurable = { model: options.models ? loadModelFile(options.models) : (options.model ?? "offline"), ...(options.rubric ? { rubric: options.rubric } : {}), ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) };
    return defaultProjectName(runLabels(protocol, configurable));
  } catch {
    // A bad rubric or model: the command reports it; the name only needs to be stable.
    return defaultProjectName({ protocol, rubric: options.rubric ?? PROTOCOLS[protocol].defaultRubric, model: options.model ?? "offline" });
  }
}

/** Points this process's traces at the batch's project (LangChain reads LANGSMITH_PROJECT for every run). */
export function configureTracing(options: TracingOptions, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!tracingEnabled(env)) {
    if (options.project) process.stderr.write(`tribunal: warning: --project ${options.project} has no effect: LangSmith tracing is off (set LANGSMITH_TRACING=true)\n`);
    return undefined;
  }
  const project = projectNameFor(options, env);
  env.LANGSMITH_PROJECT = project;
  env.LANGCHAIN_PROJECT = project;
  process.stderr.write(`tribunal: tracing to LangSmith project ${project}\n`);
  return project;
}

/**
 * Adds `--project` to a command and points its traces at the batch's project before the action runs.
 * `protocol` names the protocol of a command that has no `--protocol` option (compare: pairwise).
 */
export function registerTracingOptions(command: CommandUnknownOpts, fixed: { protocol?: string } = {}): void {
  command
    .option("--project <name>", "LangSmith project for this batch's traces when LANGSMITH_TRACING=true (default: LANGSMITH_PROJECT, else tribunal-<protocol>-<rubric>-<model>)")
    .hook("preAction", (thisCommand) => {
      configureTracing({ ...(thisCommand.opts() as TracingOptions), ...fixed });
    });
}

/**
 * Sends pending traces before the process exits, waiting at most `timeoutMs`. When the endpoint does
 * not answer in time, warns and ends the process: its client would otherwise keep retrying for minutes.
 */
export async function flushTracesBeforeExit(timeoutMs = TRACE_FLUSH_TIMEOUT_MS, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!tracingEnabled(env)) return;
  if (await flushTraces(timeoutMs)) return;
  const endpoint = env.LANGSMITH_ENDPOINT ?? env.LANGCHAIN_ENDPOINT ?? "https://api.smith.langchain.com";
  process.stderr.write(`tribunal: warning: LangSmith traces not sent after ${timeoutMs / 1000} s (is ${endpoint} reachable?); exiting without them\n`);
  process.exit();
}
