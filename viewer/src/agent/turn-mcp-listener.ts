// SPDX-License-Identifier: AGPL-3.0-or-later
// The MCP servers of one Ask turn, served over Streamable HTTP on a loopback port of their own that opens
// when the turn starts and closes when it ends. Each request needs the turn's random bearer token (the
// CLI gets it in the MCP configuration file rr writes for the turn, readable only by this user), so
// neither another page nor another local program can reach the notes tools. Requests are stateless: a
// fresh server and transport answers each one, as the SDK's documentation recommends.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** A running listener. */
export interface TurnMcpListener {
  /** The servers by name. */
  servers: readonly string[];
  /** The MCP configuration file for `--mcp-config`. */
  configFile: string;
  /** Stops listening and removes the configuration file. */
  close(): Promise<void>;
}

/** Starts the listener for these servers (name → a factory of a fresh server). */
export async function startTurnMcpListener(
  factories: Record<string, () => McpServer>,
): Promise<TurnMcpListener> {
  const token = randomBytes(32).toString('hex');
  const expected = Buffer.from(`Bearer ${token}`);
  const http = createServer((req, res) => {
    void serve(req, res);
  });
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return refuse(res, 401, 'no or wrong token');
    const name = /^\/mcp\/([A-Za-z0-9_-]+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname)?.[1];
    const factory = name !== undefined ? factories[name] : undefined;
    if (!factory) return refuse(res, 404, 'no such MCP server');
    const server = factory();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      if (!res.headersSent) refuse(res, 500, (error as Error).message);
    }
  };
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen({ host: '127.0.0.1', port: 0 }, () => resolve());
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const dir = mkdtempSync(join(tmpdir(), 'rr-ask-'));
  const configFile = join(dir, 'mcp-config.json');
  const mcpServers = Object.fromEntries(
    Object.keys(factories).map((name) => [
      name,
      {
        type: 'http',
        url: `http://127.0.0.1:${port}/mcp/${name}`,
        headers: { Authorization: `Bearer ${token}` },
      },
    ]),
  );
  writeFileSync(configFile, JSON.stringify({ mcpServers }, null, 2), { mode: 0o600 });
  return {
    servers: Object.keys(factories),
    configFile,
    close: async () => {
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
