// Runs one request of an engine service in a child process of the engine runtime: the request goes in
// as JSON on stdin, the answer comes back as one JSON document on stdout ({ok, result} or {ok, error}).
// A service that fails, answers something else, or runs past its time is an EngineServiceError.
import { spawn } from 'node:child_process';
import type { EngineRuntime } from './engine-runtime.js';

/** An engine service could not answer; the message says why. */
export class EngineServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineServiceError';
  }
}

/** How long a service may take, and the most it may print. */
export interface EngineServiceLimits {
  timeoutMs?: number;
  maxOutputBytes?: number;
}

/** Runs `service` with `input` in the runtime's child process; resolves to its result. */
export function runEngineService<T>(
  runtime: EngineRuntime,
  service: string,
  input: unknown,
  limits: EngineServiceLimits = {},
): Promise<T> {
  const timeoutMs = limits.timeoutMs ?? 60_000;
  const maxOutput = limits.maxOutputBytes ?? 64 * 1024 * 1024;
  return new Promise<T>((resolve, reject) => {
    const child = spawn(process.execPath, [runtime.entry], {
      cwd: runtime.packageDir,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let failure: string | undefined;
    const timer = setTimeout(() => {
      failure = `the engine service ${service} took longer than ${timeoutMs / 1000} s and was stopped`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutput) {
        failure = `the engine service ${service} printed more than ${maxOutput} bytes and was stopped`;
        child.kill('SIGKILL');
      } else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new EngineServiceError(`cannot start the engine service ${service}: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failure) return reject(new EngineServiceError(failure));
      const text = Buffer.concat(out).toString('utf8');
      let answer: { ok?: boolean; result?: T; error?: { message?: string } };
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        const stderr = Buffer.concat(err).toString('utf8').trim().split('\n').slice(-3).join(' ');
        return reject(
          new EngineServiceError(
            `the engine service ${service} (${runtime.entry}) exited with code ${code} without an answer${stderr ? `: ${stderr}` : ''}`,
          ),
        );
      }
      if (answer.ok === true) return resolve(answer.result as T);
      reject(new EngineServiceError(answer.error?.message ?? `the engine service ${service} failed`));
    });
    child.stdin.on('error', () => undefined); // a child that exits early closes its stdin; the close handler reports it
    child.stdin.end(JSON.stringify({ service, input }));
  });
}
