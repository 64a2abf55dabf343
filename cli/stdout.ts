import { once } from "node:events";

/** Writes to stdout, waiting for it to drain when its buffer is full (a slow pipe keeps memory flat). */
export async function toStdout(text: string): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, "drain");
}
