/**
 * `npm run bench`: the performance figures, each printed with its target, ratios measured in
 * this one run. Not a test: numbers depend on the machine (measured on 2 cores, Node 20).
 */
import { cliOffline } from "./cli-offline.js";
import { cliStart } from "./cli-start.js";
import { printFigure, type Figure } from "./figures.js";
import { httpPath } from "./http.js";
import { httpWorkers } from "./http-workers.js";
import { peakMemory } from "./memory.js";
import { batchEfficiency, offlineThroughput, orchestrationCost } from "./throughput.js";
import { panelTokens } from "./tokens.js";

const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);
const figures: Figure[] = [];
const show = (f: Figure) => {
  figures.push(f);
  printFigure(f);
};

process.stdout.write(`tribunal bench — node ${process.version}, ${new Date().toISOString()}\n`);
if (wanted("tokens")) for (const f of await panelTokens(process.env.TRIBUNAL_SEEDS_DIR)) show(f);
if (wanted("orchestration")) show(await orchestrationCost());
if (wanted("offline")) {
  show(await offlineThroughput());
  show(cliOffline());
}
if (wanted("batch")) {
  show(await batchEfficiency(1000));
  const fast = await batchEfficiency(200);
  fast.detail = `${fast.detail}; bounded by the one Node thread that runs every graph: at 200 ms the CPU work per dialogue (graph steps, parsing, checks, scoring, the line) is no longer small next to the model's latency`;
  show(fast);
}
if (wanted("http")) for (const f of await httpPath()) show(f);
if (wanted("workers")) for (const f of await httpWorkers()) show(f);
if (wanted("memory")) show(await peakMemory());
if (wanted("cli")) show(cliStart());
const failed = figures.filter((f) => f.ok === false).length;
process.stdout.write(`${figures.length} figures, ${failed} below target\n`);
