import { registerEvaluate } from "./evaluate.js";
import { registerAgree } from "./agree.js";
import { registerCompare } from "./compare.js";
import { registerReport } from "./report.js";
import { baseProgram } from "./overview.js";
import { registerCollect } from "./collect.js";
import { registerWorker } from "./worker.js";

/** The `tribunal` program with every subcommand registered; exported so parsing can be tested. */
export function buildProgram() {
  const program = baseProgram();
  registerEvaluate(program);
  registerCompare(program);
  registerAgree(program);
  registerReport(program);
  registerWorker(program);
  registerCollect(program);
  return program;
}
