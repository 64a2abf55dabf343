import { closeSync, fsyncSync, openSync, writeSync } from "node:fs";
import { ConfigError } from "../judges/config-error.js";

/**
 * A JSONL results file. Opened at the first line (so bad input never creates or truncates it),
 * truncated or appended to; each line goes out in one `write` of the whole buffer (O_APPEND), so a
 * killed process leaves at most one torn last line, which `--resume` drops. `close` fsyncs.
 */
export class JsonlFile {
  private fd: number | undefined;

  constructor(
    readonly path: string,
    private readonly mode: "truncate" | "append",
  ) {}

  write(line: string): void {
    if (this.fd === undefined) {
      try {
        this.fd = openSync(this.path, this.mode === "append" ? "a" : "w");
      } catch (e) {
        throw new ConfigError(`cannot write --out ${this.path}: ${(e as Error).message}`);
      }
    }
    const bytes = Buffer.from(line, "utf8");
    // One write(2) for a regular file in practice; the loop only covers a short write.
    for (let offset = 0; offset < bytes.length; ) offset += writeSync(this.fd, bytes, offset);
  }

  close(): void {
    if (this.fd === undefined) return;
    const fd = this.fd;
    this.fd = undefined;
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}
