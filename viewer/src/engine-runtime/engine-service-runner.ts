// SPDX-License-Identifier: AGPL-3.0-or-later
// Runs one request of an engine service in a subprocess: `node <engine>/bin/rr-viewer.js engine-service <name>`
// with the request as JSON on stdin and the answer as JSON on stdout. A subprocess keeps a frozen engine
// (--engine-runtime) apart from the viewer's own modules, and a slow or crashing build apart from the
// server. Shared by every subprocess service (schematic builder, cost replay).
import { spawn } from 'node:child_process';
import type { EngineRuntime } from './engine-runtime.js';

/** How long a service may run and how much it may answer. */
export interface ServiceLimits {
  timeoutMs?: number;
  maxOutputBytes?: number;
  signal?: AbortSignal;
}

/** A service that failed: its exit, its stderr (the engine's message) or a timeout. */
export class EngineServiceError extends Error {
  readonly code = 'engine-failed';

  constructor(
    message: string,
    readonly service: string,
  ) {
    super(message);
    this.name = 'EngineServiceError';
  }
}

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_OUTPUT = 256 * 1024 * 1024;

/** Runs `service` of `runtime` on `request`; resolves with the parsed JSON answer. */
export function runEngineService(
  runtime: EngineRuntime,
  service: string,
  request: unknown,
  limits: ServiceLimits = {},
): Promise<unknown> {
  const timeoutMs = limits.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxOutput = limits.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [runtime.entry, 'engine-service', service], {
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(limits.signal ? { signal: limits.signal } : {}),
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let failure: string | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > maxOutput) {
        failure = `answered more than ${maxOutput} bytes`;
        child.kill('SIGKILL');
      } else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 64 * 1024) err += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      failure ??= error.name === 'AbortError' ? 'was cancelled' : error.message;
    });
    // A service that exits before reading its request closes stdin early; its exit says why.
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify(request));
    child.on('close', (code, signal) => {
      const where = `engine service ${service} (${runtime.entry})`;
      if (failure !== undefined) return reject(new EngineServiceError(`${where} ${failure}`, service));
      if (signal !== null)
        return reject(
          new EngineServiceError(
            `${where} was stopped (${signal})${signal === 'SIGKILL' ? ` after ${timeoutMs} ms` : ''}`,
            service,
          ),
        );
      if (code !== 0)
        return reject(new EngineServiceError(`${where} failed: ${err.trim() || `exit ${code}`}`, service));
      try {
        resolvePromise(JSON.parse(Buffer.concat(out).toString('utf8')));
      } catch {
        reject(new EngineServiceError(`${where} answered something that is not JSON`, service));
      }
    });
  });
}
