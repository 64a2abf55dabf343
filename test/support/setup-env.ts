// Runs before every test file: no provider key or tracing switch from the developer's shell may send
// a test's calls or traces off this machine. Tests that need them set their own, pointing at 127.0.0.1.
import { PROVIDER_AND_TRACING_ENV } from "./cli.js";

for (const name of PROVIDER_AND_TRACING_ENV) delete process.env[name];
