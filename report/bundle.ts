import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const CLIENT_DIR = fileURLToPath(new URL("./client/", import.meta.url));

export interface ClientAssets {
  /** The page's script: `client/main.ts` with Chart.js from node_modules, bundled and minified (an IIFE). */
  script: string;
  css: string;
}

let assets: Promise<ClientAssets> | undefined;

/**
 * Bundles the page's script at report time (esbuild: TypeScript out, Chart.js in, tree-shaken and
 * minified; its licence comment kept at the end), once per process.
 */
export function clientAssets(): Promise<ClientAssets> {
  assets ??= (async () => {
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
    return { script, css: await readFile(`${CLIENT_DIR}report.css`, "utf8") };
  })();
  return assets;
}
