// SPDX-License-Identifier: AGPL-3.0-or-later
// One run of KiCad's headless CLI exporting a board as binary glTF (`kicad-cli pcb export glb`). KiCad
// exits non-zero when it could not load a footprint's 3D model but still writes the board without that
// part: a GLB that was written counts, and the missing models become warnings. No GLB is a failure with
// KiCad's own words.
import { execFile } from 'node:child_process';
import { openSync, readSync, closeSync } from 'node:fs';

/**
 * The export's options: board body, components, copper (tracks, pads, zones, vias), silkscreen and
 * solder mask, so the page can toggle each. Part of the cache key (glb-export-key.ts).
 */
export const GLB_EXPORT_ARGS: readonly string[] = [
  '--include-tracks',
  '--include-pads',
  '--include-zones',
  '--include-silkscreen',
  '--include-soldermask',
  '--subst-models',
];

/** What one export gave. */
export type GlbExportOutcome =
  | { ok: true; warnings: string[]; missingModels: string[]; exitCode: number }
  | { ok: false; message: string; exitCode: number | null };

/** Runs `cli pcb export glb` on `board`, writing `output`. Never throws. */
export async function runGlbExport(options: {
  cli: string;
  board: string;
  output: string;
  timeoutMs?: number;
  /** Stops KiCad (the viewer is closing). */
  signal?: AbortSignal;
}): Promise<GlbExportOutcome> {
  const args = [
    'pcb',
    'export',
    'glb',
    ...GLB_EXPORT_ARGS,
    '--force',
    '--output',
    options.output,
    options.board,
  ];
  const { code, text, spawnError } = await new Promise<{
    code: number | null;
    text: string;
    spawnError?: string;
  }>((resolve) => {
    execFile(
      options.cli,
      args,
      {
        timeout: options.timeoutMs ?? 15 * 60_000,
        maxBuffer: 64 * 1024 * 1024,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (error, stdout, stderr) => {
        const text = `${stdout}\n${stderr}`;
        if (!error) return resolve({ code: 0, text });
        const e = error as NodeJS.ErrnoException & { code?: number | string; killed?: boolean };
        if (typeof e.code === 'string')
          return resolve({ code: null, text, spawnError: `cannot run ${options.cli}: ${e.message}` });
        if (e.killed)
          return resolve({ code: null, text, spawnError: `${options.cli} was stopped: ${e.message}` });
        resolve({ code: typeof e.code === 'number' ? e.code : null, text });
      },
    );
  });
  if (spawnError) return { ok: false, message: spawnError, exitCode: null };
  const missing = missingModelLines(text);
  if (!isGlbFile(options.output))
    return {
      ok: false,
      exitCode: code,
      message: `kicad-cli pcb export glb exited with status ${code ?? 'unknown'} and wrote no GLB: ${kicadMessage(text)}`,
    };
  const warnings = [...missing.messages];
  if (code !== 0 && missing.messages.length === 0)
    warnings.push(`kicad-cli exited with status ${code ?? 'unknown'}: ${kicadMessage(text)}`);
  return { ok: true, warnings, missingModels: missing.references, exitCode: code ?? -1 };
}

/** The references whose 3D model KiCad could not add, with its messages about them. */
export function missingModelLines(text: string): { references: string[]; messages: string[] } {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const references: string[] = [];
  const messages: string[] = [];
  lines.forEach((line, i) => {
    const ref = /^Could not add 3D model for (.+?)\.?$/.exec(line);
    if (ref) {
      references.push(ref[1]!);
      const next = lines[i + 1] ?? '';
      messages.push(`no 3D model for ${ref[1]}${/^File not found:/.test(next) ? ` (${next})` : ''}`);
    } else if (/^Cannot load any VRML model/.test(line) && !messages.includes(line)) {
      // GLB export reads STEP/IGES models only; VRML-only parts are left out.
      messages.push(`${line.replace(/\.$/, '')} (the GLB export uses STEP or IGES models)`);
    }
  });
  return { references, messages };
}

/** KiCad's output without its progress lines, shortened for a status line. */
function kicadMessage(text: string): string {
  const progress =
    /^(Determining PCB data|Build |Adding component|Create PCB|Board outline|Subtracting|Generate board|Writing Binary|Meshing|Export time|Loading board)/;
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !progress.test(l));
  const message = lines.join(' ').slice(0, 600);
  return message === '' ? 'it printed nothing' : message;
}

/** Whether the file exists and starts with the binary glTF magic. */
export function isGlbFile(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(4);
    return readSync(fd, head, 0, 4, 0) === 4 && head.toString('latin1') === 'glTF';
  } finally {
    closeSync(fd);
  }
}
