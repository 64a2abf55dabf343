#!/usr/bin/env node
// The `tribunal` command. In a checkout (the TypeScript sources are beside this file) it runs them
// through tsx, so `npm ci && npx tribunal …` needs no build and never runs a stale one; in an installed
// package (no sources, only dist/) it runs the compiled CLI, with no transpiling at start.
import { existsSync } from "node:fs";

const sources = new URL("../cli/main.ts", import.meta.url);
if (existsSync(sources)) {
  const { register } = await import("tsx/esm/api");
  register();
  await import(sources.href);
} else {
  await import("../dist/cli/main.js");
}
