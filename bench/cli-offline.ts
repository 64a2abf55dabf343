import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeBenchDialogues } from "./dialogues.js";
import type { Figure } from "./figures.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const TARGET_PER_S = 90;

/**
 * The offline panel as a user runs it: `tribunal evaluate <file> --out` from a checkout (sources
 * through tsx), default options, `n` bench dialogues; dialogues/s over the whole command, start-up
 * included.
 */
export function cliOffline(n = 2000): Figure {
  const dir = mkdtempSync(join(tmpdir(), "tribunal-bench-cli-"));
  try {
    const input = join(dir, "dialogues.jsonl");
    const out = join(dir, "results.jsonl");
    writeBenchDialogues(input, n);
    const start = process.hrtime.bigint();
    execFileSync(process.execPath, ["bin/tribunal.js", "evaluate", input, "--protocol", "panel", "--out", out], { cwd: ROOT, stdio: "ignore" });
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const lines = readFileSync(out, "utf8").split("\n").filter((l) => l !== "").length;
    const perSecond = lines / seconds;
    return {
      name: `offline panel from the CLI (tribunal evaluate … --out, ${n} bench dialogues, start-up included)`,
      value: `${perSecond.toFixed(0)} dialogues/s`,
      target: `≥ ${TARGET_PER_S} dialogues/s`,
      ok: lines === n && perSecond >= TARGET_PER_S,
      detail: `${lines} lines in ${seconds.toFixed(1)} s`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
