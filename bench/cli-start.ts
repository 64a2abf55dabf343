import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Figure } from "./figures.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const TARGET_S = 0.5;

function seconds(args: readonly string[]): number {
  const start = process.hrtime.bigint();
  execFileSync(process.execPath, args, { cwd: ROOT, stdio: "ignore" });
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * Wall time of `tribunal --help` as an installed package runs it: the compiled CLI in dist/ (what
 * bin/tribunal.js imports when no sources are beside it), median of `runs`, beside the same from the
 * sources through tsx (a checkout). Builds dist/ first when it is missing.
 */
export function cliStart(runs = 5): Figure {
  const compiled = join(ROOT, "dist/cli/main.js");
  if (!existsSync(compiled)) execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "ignore" });
  const fromDist = median(Array.from({ length: runs }, () => seconds([compiled, "--help"])));
  const fromSources = median(Array.from({ length: runs }, () => seconds(["bin/tribunal.js", "--help"])));
  return {
    name: "tribunal --help start, compiled (dist/)",
    value: `${fromDist.toFixed(2)} s`,
    target: `≤ ${TARGET_S} s`,
    ok: fromDist <= TARGET_S,
    detail: `median of ${runs}; from the sources through tsx (a checkout's bin): ${fromSources.toFixed(2)} s, ${(fromSources / fromDist).toFixed(1)}× slower`,
  };
}
