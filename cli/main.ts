import { CommanderError } from "@commander-js/extra-typings";
import { buildProgram } from "./program.js";

try {
  await buildProgram().parseAsync(process.argv);
} catch (e) {
  // Usage errors were already printed by commander; help and --version exit 0.
  const exitCode = (e as CommanderError).exitCode;
  process.exitCode = exitCode === 0 ? 0 : 2;
}
