import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface ErrorServer {
  baseUrl: string;
  /** The Authorization header of every request received. */
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible endpoint on 127.0.0.1 that answers every request with one HTTP error and a
 * body of our choosing (the shared stub's error body is fixed), e.g. a 401 that echoes the API key.
 */
export async function startErrorServer(status: number, body: (authorization: string | undefined) => unknown): Promise<ErrorServer> {
  const authorizations: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      authorizations.push(req.headers.authorization);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body(req.headers.authorization)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
