import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Figure } from "./figures.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

function measure(n: number): Promise<{ n: number; judged: number; maxRssKb: number; wallMs: number }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["--import", "tsx", "bench/memory-run.ts", String(n)], { cwd: ROOT, maxBuffer: 1 << 20 }, (error, stdout) => {
      if (error) return reject(error);
      resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}"));
    });
  });
}

/** Peak RSS of a fresh process streaming 10,000 dialogues vs 1,000 (instant fake model, panel, --out file). */
export async function peakMemory(): Promise<Figure> {
  const small = await measure(1_000);
  const large = await measure(10_000);
  const ratio = large.maxRssKb / small.maxRssKb;
  return {
    name: "peak memory streaming 10,000 dialogues vs 1,000",
    value: `${ratio.toFixed(2)}`,
    target: "≤ 1.3",
    ok: ratio <= 1.3 && small.judged === 1_000 && large.judged === 10_000,
    detail: `peak RSS ${(small.maxRssKb / 1024).toFixed(0)} MB for 1,000 (${(small.wallMs / 1000).toFixed(1)} s), ${(large.maxRssKb / 1024).toFixed(0)} MB for 10,000 (${(large.wallMs / 1000).toFixed(1)} s)`,
  };
}
