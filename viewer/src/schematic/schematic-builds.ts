// SPDX-License-Identifier: AGPL-3.0-or-later
// The viewer's schematic models: built by the engine's schematic service in a subprocess (from
// --engine-runtime), stored under <cache>/schematic/<key>.json, where the key is the sha256 of what the
// model is made from (the engine, the files' contents, the part libraries' names, sizes and times), so
// a changed input makes a new model and an unchanged one is read from the cache. One build per key at
// a time; concurrent requests share it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runEngineService } from '../engine-runtime/engine-service-runner.js';
import type { EngineRuntime } from '../engine-runtime/engine-runtime.js';
import { writeFileAtomicSync } from 'rules-rr/core/files/atomic-write.js';
import type { SchematicRequest } from './schematic-service.js';
import type { SchematicModel } from './schematic-model.js';

/** A built model: its key (the payload's name) and what the route says about it. */
export interface SchematicBuild {
  key: string;
  bytes: number;
  design: SchematicModel['design'];
  stats: SchematicModel['stats'];
  problems: string[];
}

/** Builds and caches schematic models. */
export class SchematicBuilds {
  private readonly running = new Map<string, Promise<SchematicBuild>>();
  private readonly dir: string;

  constructor(
    cacheDir: string,
    private readonly runtime: EngineRuntime,
  ) {
    this.dir = join(cacheDir, 'schematic');
  }

  /** The model of a request, from the cache or built now. */
  build(request: SchematicRequest): Promise<SchematicBuild> {
    const key = this.keyOf(request);
    let job = this.running.get(key);
    if (!job) {
      job = this.buildOnce(key, request).finally(() => this.running.delete(key));
      this.running.set(key, job);
    }
    return job;
  }

  /** The cached payload file of a key, or undefined. */
  payloadFile(key: string): string | undefined {
    if (!/^[0-9a-f]{64}$/.test(key)) return undefined;
    const file = join(this.dir, `${key}.json`);
    return existsSync(file) ? file : undefined;
  }

  private async buildOnce(key: string, request: SchematicRequest): Promise<SchematicBuild> {
    const file = join(this.dir, `${key}.json`);
    let text: string;
    if (existsSync(file)) text = await readFile(file, 'utf8');
    else {
      const model = await runEngineService(this.runtime, 'schematic', request);
      text = JSON.stringify(model);
      await mkdir(this.dir, { recursive: true });
      writeFileAtomicSync(file, text, { fsync: false }); // a build output, made again when missing
    }
    // trusted: rr's own schematic builder wrote this text (now, or into the cache under its content key).
    const model = JSON.parse(text) as SchematicModel;
    return {
      key,
      bytes: Buffer.byteLength(text),
      design: model.design,
      stats: model.stats,
      problems: model.problems,
    };
  }

  private keyOf(request: SchematicRequest): string {
    const hash = createHash('sha256');
    hash.update(`engine ${this.runtime.entry} ${fingerprint(this.runtime.entry)}\n`);
    hash.update(`scope ${request.scope}\n`);
    for (const [name, path] of [
      ['graph', request.graph],
      ['board', request.board],
      ['constraints', request.constraints],
    ] as const)
      if (path) hash.update(`${name} ${path} ${contentHash(path)}\n`);
    for (const folder of request.parts ?? []) hash.update(`parts ${folder} ${folderFingerprint(folder)}\n`);
    return hash.digest('hex');
  }
}

/** The sha256 of a file's bytes, or "missing" (the build then fails and says why). */
function contentHash(path: string): string {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex');
  } catch {
    return 'missing';
  }
}

function fingerprint(path: string): string {
  try {
    const s = statSync(path);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

/** Names, sizes and times of a parts folder's symbol libraries. */
function folderFingerprint(folder: string): string {
  try {
    if (statSync(folder).isFile()) return fingerprint(folder);
    return readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.kicad_sym'))
      .sort()
      .map((f) => `${f}=${fingerprint(join(folder, f))}`)
      .join(',');
  } catch {
    return 'missing';
  }
}
