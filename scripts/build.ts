/**
 * `npm run build` (also run by `prepare`, so `npm ci`, `npm pack` and `npm i <path>` build): the
 * package's dist/. tsc compiles the library and the CLI to ESM JavaScript with .d.ts in the source
 * layout (tsconfig.build.json); the data files they read through `import.meta.url` are copied beside
 * them, and the report's browser script is bundled once here instead of at every report.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleClientScript } from "../report/bundle.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const DIST = join(ROOT, "dist");

/** Files read at run time through `new URL(…, import.meta.url)`, relative to the root (and to dist/). */
function runtimeAssets(root = ROOT): string[] {
  const inDir = (dir: string, extensions: readonly string[]) =>
    readdirSync(join(root, dir))
      .filter((f) => extensions.includes(extname(f)))
      .map((f) => `${dir}/${f}`);
  return [
    ...inDir("rubrics", [".json", ".yaml", ".yml"]),
    "judges/offline/weights.json",
    "judges/offline/turn-model.json",
    "api/prices.json",
    "api/context-windows.json",
    "report/client/report.css",
  ].sort();
}

rmSync(DIST, { recursive: true, force: true });
execFileSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(ROOT, "tsconfig.build.json")], { stdio: "inherit" });
for (const file of runtimeAssets()) {
  mkdirSync(dirname(join(DIST, file)), { recursive: true });
  copyFileSync(join(ROOT, file), join(DIST, file));
}
writeFileSync(join(DIST, "report/client.bundle.js"), await bundleClientScript());
process.stdout.write(`dist/ built: compiled sources, ${runtimeAssets().length} data files, report/client.bundle.js\n`);
