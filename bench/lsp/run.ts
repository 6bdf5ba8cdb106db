// Prints what `rr lsp` answers in, as an editor sees it: the server started as its own process on a
// generated model of 10,000 entities in about 40 files (bench/validate's shape), spoken to over stdio
// with vscode-jsonrpc. Figures, p50/p95: a one-character change typed into an open file until the
// server has analysed it and published (its rr/status notification follows every round of
// diagnostics), and go to definition; the server's mean CPU time per change (from /proc, where there
// is one). Beside them, the batch figure: `rr validate` of the same model as a whole process. Targets (issue 28): p95 under 50 ms for the change, under 10 ms for definition.
// RR_BENCH_ENTITIES, RR_BENCH_EDITS; RR_BENCH_PROFILE=DIR writes the server's CPU profile there.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { percentile, spread } from '../incremental/percentiles.js';
import { RR_BIN, timeRrProcess } from '../rr-process.js';
import { generateModel } from '../validate/generate-model.js';

const ENTITIES = Number(process.env.RR_BENCH_ENTITIES ?? 10_000);
const EDITS = Number(process.env.RR_BENCH_EDITS ?? 200);
const PROFILE = process.env.RR_BENCH_PROFILE;
const CHANGE_P95_MS = 50;
const DEFINITION_P95_MS = 10;

/**
 * A process's CPU time so far (user + system, ms) from /proc, or undefined where there is none: the
 * server's CPU per change is less moved by other work on a busy machine than the wall time is.
 */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'rr-bench-lsp-'));
  try {
    const shape = await generateModel(dir, ENTITIES);
    console.log(
      `model: ${shape.entities} entities in ${shape.files} files; load average ${loadavg()[0]!.toFixed(2)}`,
    );
    const batch: number[] = [];
    for (let i = 0; i < 3; i++)
      batch.push((await timeRrProcess(['validate', dir], { RR_CACHE_DIR: 'off' })).ms);
    console.log(`batch: rr validate as a process: ${spread(batch)}`);

    const profile = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [];
    const child = spawn(process.execPath, [...profile, RR_BIN, 'lsp', '--stdio'], {
      cwd: dir,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const connection = createMessageConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    );
    let onStatus: (() => void) | undefined;
    connection.onNotification('rr/status', () => onStatus?.());
    connection.onNotification('textDocument/publishDiagnostics', () => undefined);
    connection.onNotification('window/logMessage', () => undefined);
    connection.listen();
    const status = () => new Promise<void>((resolve) => (onStatus = resolve));
    let t0 = performance.now();
    const loaded = status();
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(dir).href,
      capabilities: {},
    });
    await connection.sendNotification('initialized', {});
    await loaded;
    console.log(`server start to first diagnostics: ${(performance.now() - t0).toFixed(0)} ms`);

    const file = join(dir, 'requirements-000010.yaml');
    const uri = pathToFileURL(file).href;
    const text = await readFile(file, 'utf8');
    let opened = status();
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text },
    });
    await opened;
    const titleAt = text.indexOf('title: ') + 7;
    const line = text.slice(0, titleAt).split('\n').length - 1;
    const character = titleAt - text.lastIndexOf('\n', titleAt - 1) - 1;
    const change: number[] = [];
    const cpuBefore = cpuMsOf(child.pid);
    for (let i = 0; i < EDITS; i++) {
      // One character typed, then deleted: each is a change the server analyses.
      const typed = i % 2 === 0;
      const done = status();
      t0 = performance.now();
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: i + 2 },
        contentChanges: [
          typed
            ? { range: { start: { line, character }, end: { line, character } }, text: 'x' }
            : { range: { start: { line, character }, end: { line, character: character + 1 } }, text: '' },
        ],
      });
      await done;
      change.push(performance.now() - t0);
    }
    const cpuAfter = cpuMsOf(child.pid);
    const refineLine = text.split('\n').findIndex((l) => l.includes('refines:') || l.includes('method: TM-'));
    const refineChar = text.split('\n')[refineLine]!.search(/(REQ|TM)-/) + 2;
    const definition: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      t0 = performance.now();
      await connection.sendRequest('textDocument/definition', {
        textDocument: { uri },
        position: { line: refineLine, character: refineChar },
      });
      definition.push(performance.now() - t0);
    }
    const verdict = (ms: number[], target: number) => (percentile(ms, 0.95) < target ? 'met' : 'missed');
    console.log(
      `one-character change → analysed and published: ${spread(change)} (target p95 < ${CHANGE_P95_MS} ms: ${verdict(change, CHANGE_P95_MS)})`,
    );
    if (cpuBefore !== undefined && cpuAfter !== undefined)
      console.log(
        `  the server's CPU time per change (user + system from /proc, mean of ${EDITS}): ${((cpuAfter - cpuBefore) / EDITS).toFixed(1)} ms`,
      );
    console.log(
      `go to definition: ${spread(definition)} (target p95 < ${DEFINITION_P95_MS} ms: ${verdict(definition, DEFINITION_P95_MS)})`,
    );
    console.log(`load average now ${loadavg()[0]!.toFixed(2)}`);
    opened = connection.sendRequest('shutdown') as Promise<void>;
    await opened;
    await connection.sendNotification('exit');
    connection.dispose();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
