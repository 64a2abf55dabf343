import type { BaseMessage } from "@langchain/core/messages";
import type { z } from "zod";
import type { CallFailure } from "./checks/problems.js";
import type { RoleTool } from "./output-mode.js";
import { memoByObject } from "../util/memo.js";

/**
 * Checks one request just before it is sent: its `too_long` failure when its input passes the run's
 * limit, else undefined. The dialogue judge sets it as `configurable.requestGuard`
 * (api/input-size.ts), so no request over the limit leaves the process, whatever the model answered
 * before it and whatever a repair turn added.
 */
export type RequestGuard = (role: string, messages: readonly BaseMessage[], tools: readonly RoleTool[]) => CallFailure | undefined;

export function requestGuardOf(configurable: Record<string, unknown> | undefined): RequestGuard | undefined {
  const guard = configurable?.requestGuard;
  return typeof guard === "function" ? (guard as RequestGuard) : undefined;
}

/** A role's own contract as one tool, the same list object for every call (token counts of tools are kept per list). */
const ownToolOf = memoByObject((_schema: z.ZodType) => new Map<string, readonly RoleTool[]>());

/**
 * The tool definitions a request carries, as counted: the protocol's toolset, else the role's own
 * schema (sent as a tool, as `response_format`, or written into the prompt in JSON and text modes).
 */
export function requestTools(task: { role: string; schema: z.ZodType; toolset?: readonly RoleTool[] | undefined }): readonly RoleTool[] {
  if (task.toolset) return task.toolset;
  const byRole = ownToolOf(task.schema);
  let tools = byRole.get(task.role);
  if (!tools) byRole.set(task.role, (tools = [{ name: task.role, schema: task.schema }]));
  return tools;
}
