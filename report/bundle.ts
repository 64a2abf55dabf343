import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const CLIENT_DIR = fileURLToPath(new URL("./client/", import.meta.url));
/** The page's script bundled at build time (`npm run build` writes it beside the compiled module, in dist/report/). */
const PREBUILT_SCRIPT = fileURLToPath(new URL("./client.bundle.js", import.meta.url));

export interface ClientAssets {
  /** The page's script: `client/main.ts` with Chart.js from node_modules, bundled and minified (an IIFE). */
  script: string;
  css: string;
}

let assets: Promise<ClientAssets> | undefined;

/**
 * Bundles the page's script from `client/main.ts` (esbuild: TypeScript out, Chart.js in, tree-shaken and
 * minified; its licence comment kept at the end). Used at report time from sources and by the build.
 */
export async function bundleClientScript(): Promise<string> {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [`${CLIENT_DIR}main.ts`],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    minify: true,
    write: false,
    legalComments: "eof",
    logLevel: "silent",
    charset: "utf8",
  });
  const script = result.outputFiles[0]?.text;
  if (!script) throw new Error("bundling the report's script produced no output");
  return script;
}

/**
 * The page's script and stylesheet, once per process: the script prebuilt by `npm run build` when this
 * module runs compiled (dist/), else bundled now from the sources.
 */
export function clientAssets(): Promise<ClientAssets> {
  assets ??= (async () => {
    const script = existsSync(PREBUILT_SCRIPT) ? await readFile(PREBUILT_SCRIPT, "utf8") : await bundleClientScript();
    return { script, css: await readFile(`${CLIENT_DIR}report.css`, "utf8") };
  })();
  return assets;
}
