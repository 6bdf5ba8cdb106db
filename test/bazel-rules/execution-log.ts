// Bazel's JSON execution log (--execution_log_json_file): one SpawnExec object per spawn, written one
// after another (not an array), as Bazel 4 to 8 do.
import { readFile } from 'node:fs/promises';

/** The fields of a SpawnExec this test reads. */
export interface SpawnExec {
  mnemonic: string;
  /** what ran it: `local`, `linux-sandbox`, `processwrapper-sandbox`, `remote cache hit`, `disk cache hit` */
  runner: string;
  remoteCacheHit?: boolean;
  cacheable?: boolean;
  remotable?: boolean;
  progressMessage?: string;
  actualOutputs?: { path: string }[];
  /** the environment the spawn ran with */
  environmentVariables?: { name: string; value: string }[];
}

/** The top-level JSON values of a stream of concatenated JSON texts. */
export function splitJsonStream(text: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === '{' || c === '[') {
      if (depth++ === 0) start = i;
    } else if (c === '}' || c === ']') {
      if (--depth === 0) values.push(JSON.parse(text.slice(start, i + 1)));
    }
  }
  if (depth !== 0 || inString) throw new Error('execution log: truncated JSON stream');
  return values;
}

/** Reads an execution log's spawns. */
export async function readExecutionLog(path: string): Promise<SpawnExec[]> {
  return splitJsonStream(await readFile(path, 'utf8')) as SpawnExec[];
}

/** The "INFO: N processes: ..." summary of a Bazel run, as runner → count. */
export function processSummary(output: string): Map<string, number> {
  const lines = output.split('\n').filter((line) => /^INFO: \d+ process(es)?[:.]/.test(line));
  const summary = new Map<string, number>();
  const last = lines.at(-1);
  if (!last) return summary;
  for (const part of last
    .replace(/^INFO: \d+ process(es)?:?/, '')
    .replace(/\.$/, '')
    .split(',')) {
    const match = /^\s*(\d+) (.+)$/.exec(part);
    if (match) summary.set(match[2]!.trim(), Number(match[1]));
  }
  return summary;
}
