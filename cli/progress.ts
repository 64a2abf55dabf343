import cliProgress from "cli-progress";
import type { BatchProgress } from "../runs/evaluate-batch.js";
import { formatTokens, formatUsd } from "../runs/summary.js";
import { redact } from "../util/redact.js";

export type ProgressMode = "auto" | "bar" | "lines" | "none";

export interface ProgressReporter {
  update(p: BatchProgress): void;
  stop(): void;
}

/** Dialogues per second over this run, and the time left at that rate. */
export function pace(p: BatchProgress): { rate: number; etaS: number | undefined } {
  const seconds = p.elapsedMs / 1000;
  const rate = seconds > 0 ? p.done / seconds : 0;
  return { rate, etaS: rate > 0 ? (p.total - p.done) / rate : undefined };
}

export function formatDuration(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return "?";
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/** One plain progress line: `tribunal: 120/500 (24 %) · 3.1 dialogues/s · ETA 2m 03s · tokens 120k · cost $0.0123`. */
export function progressLine(p: BatchProgress): string {
  const { rate, etaS } = pace(p);
  const percent = p.total > 0 ? Math.floor((p.done / p.total) * 100) : 100;
  const unscored = p.unscored > 0 ? ` · ${p.unscored} unscored` : "";
  return `tribunal: ${p.done}/${p.total} (${percent} %) · ${rate.toFixed(1)} dialogues/s · ETA ${formatDuration(etaS)} · tokens ${formatTokens(p.tokens)} · cost ${formatUsd(p.costUsd)}${unscored}`;
}

/**
 * Plain lines for a log (stderr is not a terminal). Nothing during the first `intervalMs`, so short
 * runs print only their summary; after that a line at each 5 % step (at most one a second) and at
 * least one every `intervalMs`.
 */
export class LineProgress implements ProgressReporter {
  private lastAt = 0;
  private lastStep = 0;

  constructor(
    private readonly write: (line: string) => void,
    private readonly intervalMs = 10_000,
  ) {}

  update(p: BatchProgress): void {
    if (p.elapsedMs < this.intervalMs || p.total === 0) return;
    const step = Math.floor((p.done / p.total) * 20);
    const sinceLast = p.elapsedMs - this.lastAt;
    const due = sinceLast >= this.intervalMs || (step > this.lastStep && sinceLast >= Math.min(1_000, this.intervalMs));
    if (!due || p.done >= p.total) return;
    this.lastAt = p.elapsedMs;
    this.lastStep = step;
    this.write(`${redact(progressLine(p))}\n`);
  }

  stop(): void {}
}

/** A progress bar on a terminal (cli-progress), cleared when the run ends. */
export class BarProgress implements ProgressReporter {
  private readonly bar: cliProgress.SingleBar;
  private started = false;

  constructor(stream: NodeJS.WritableStream) {
    this.bar = new cliProgress.SingleBar(
      {
        stream,
        format: "tribunal {bar} {value}/{total} ({percentage} %) · {rate}/s · ETA {etaText} · tokens {tokens} · cost {cost}",
        hideCursor: true,
        clearOnComplete: true,
        barsize: 24,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
  }

  update(p: BatchProgress): void {
    const { rate, etaS } = pace(p);
    const payload = { rate: rate.toFixed(1), etaText: formatDuration(etaS), tokens: formatTokens(p.tokens), cost: formatUsd(p.costUsd) };
    if (!this.started) {
      this.bar.start(p.total, p.done, payload);
      this.started = true;
    } else this.bar.update(p.done, payload);
  }

  stop(): void {
    if (this.started) this.bar.stop();
  }
}

export function createProgress(mode: ProgressMode, stream: NodeJS.WriteStream, intervalMs: number): ProgressReporter {
  const chosen = mode === "auto" ? (stream.isTTY ? "bar" : "lines") : mode;
  if (chosen === "bar") return new BarProgress(stream);
  if (chosen === "lines") return new LineProgress((line) => stream.write(line), intervalMs);
  return { update: () => undefined, stop: () => undefined };
}
