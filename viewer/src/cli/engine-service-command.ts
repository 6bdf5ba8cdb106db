// SPDX-License-Identifier: AGPL-3.0-or-later
// `rr engine-service <name>` (hidden): one request of an engine service, run by the viewer in a
// subprocess from --engine-runtime (src/engine-runtime/engine-service-runner.ts). The request
// is JSON on stdin, the answer JSON on stdout; a failure is a message on stderr and exit 1.

import type { Command } from 'commander';
import { EXIT, type CliIo } from 'rules-rr/core/cli/cli-io.js';

/** Reads all of stdin as text. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs one service request; returns the exit code. */
export async function runEngineServiceCommand(
  name: string,
  io: CliIo,
  input: () => Promise<string> = readStdin,
): Promise<number> {
  // Loaded on use: the engine's services cost every other command nothing.
  const { ENGINE_SERVICES } = await import('../engine-runtime/engine-services.js');
  const service = ENGINE_SERVICES[name];
  if (!service) {
    io.err(
      `rr engine-service: no service "${name}"; this engine has ${Object.keys(ENGINE_SERVICES).join(', ')}\n`,
    );
    return EXIT.usage;
  }
  let request: unknown;
  try {
    request = JSON.parse(await input());
  } catch (error) {
    io.err(`rr engine-service ${name}: the request on stdin is not JSON: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
  try {
    io.out(JSON.stringify(await service(request)));
    return EXIT.ok;
  } catch (error) {
    io.err(`${(error as Error).message}\n`);
    return EXIT.errors;
  }
}

/** Adds the hidden `engine-service` command. */
export function addEngineServiceCommand(rr: Command, io: CliIo, result: { code: number }): void {
  rr.command('engine-service <name>', { hidden: true })
    .description('answer one engine service request (JSON on stdin) for the viewer')
    .action(async (name: string) => {
      result.code = await runEngineServiceCommand(name, io);
    });
}
