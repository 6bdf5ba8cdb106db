// The child process of the engine's subprocess services: reads {service, input} as JSON from stdin, runs
// the service with this engine copy's own modules, and prints {ok: true, result} or {ok: false, error}.
// Services are the engine's pure functions over files; each names what it reads in its input.
import { componentCostReplay } from '../pnr-sim/cost-replay.js';

/** The services this engine offers, by name. */
const SERVICES: Record<string, (input: unknown) => unknown> = {
  'component-cost': (input) => componentCostReplay(input as Parameters<typeof componentCostReplay>[0]),
};

async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  let answer: unknown;
  try {
    const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      service?: string;
      input?: unknown;
    };
    const service = SERVICES[request.service ?? ''];
    if (!service)
      throw new Error(
        `this engine has no service ${JSON.stringify(request.service)}; it offers ${Object.keys(SERVICES).join(', ')}`,
      );
    answer = { ok: true, result: await service(request.input) };
  } catch (error) {
    answer = { ok: false, error: { message: (error as Error).message } };
  }
  process.stdout.write(JSON.stringify(answer));
}

await main();
