// SPDX-License-Identifier: AGPL-3.0-or-later
// The design project's manifest: atopile's `ato.yaml` in the --hdl-root folder. `builds.<build>.entry`
// names the entry module as `path/file.ato:Module` (relative to the manifest); the source folder is that
// file's folder unless --hdl-src says otherwise, and the parts folder is `<source folder>/parts` unless
// --parts does. docs/viewer.md, "Source".
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { LineCounter, isMap, isScalar, parseDocument, type Node } from 'yaml';
import { DesignSourceError } from './design-source-problem.js';

export const MANIFEST_NAME = 'ato.yaml';

/** Where the design sources are, as the manifest and the flags say. */
export interface DesignManifest {
  /** The manifest file (absolute). */
  file: string;
  build: string;
  /** Every build the manifest names. */
  builds: string[];
  /** The entry file (absolute) and the module in it. */
  entryFile: string;
  entryModule: string;
  /** The entry as the manifest writes it, with its line. */
  entry: { text: string; line: number };
  sourceDir: string;
  partsDir: string;
}

/** The settings the manifest is read with. */
export interface DesignManifestInputs {
  hdlRoot: string;
  hdlBuild: string;
  hdlSrc?: string;
  parts?: string;
}

/** Reads and checks the manifest; throws DesignSourceError naming the file (and line) to fix. */
export function readDesignManifest(inputs: DesignManifestInputs): DesignManifest {
  const file = join(inputs.hdlRoot, MANIFEST_NAME);
  const fail = (message: string, line?: number, column?: number): never => {
    throw new DesignSourceError({
      file,
      ...(line ? { line } : {}),
      ...(column ? { column } : {}),
      message,
      severity: 'error',
    });
  };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return fail(
      code === 'ENOENT'
        ? `there is no ${MANIFEST_NAME} here; --hdl-root names the folder of the design project's manifest`
        : `cannot read the manifest (${code ?? (error as Error).message})`,
    );
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const lineOf = (node: Node | null | undefined) =>
    node?.range ? lines.linePos(node.range[0]).line : undefined;
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const at = e.linePos?.[0];
    return fail(`not valid YAML: ${e.message.split('\n')[0]}`, at?.line, at?.col);
  }
  const builds = doc.get('builds', true) as Node | undefined;
  const buildsKey = isMap(doc.contents)
    ? (doc.contents.items.find((p) => isScalar(p.key) && p.key.value === 'builds')?.key as Node | undefined)
    : undefined;
  if (!isMap(builds))
    return fail('has no `builds:` map; add `builds: {default: {entry: path/file.ato:Module}}`');
  const names = builds.items.map((pair) => String(isScalar(pair.key) ? pair.key.value : pair.key));
  const build = builds.get(inputs.hdlBuild, true) as Node | undefined;
  if (!isMap(build))
    return fail(
      `has no build "${inputs.hdlBuild}" (--hdl-build); its builds are ${names.map((n) => `"${n}"`).join(', ') || 'none'}`,
      lineOf(buildsKey),
    );
  const entryNode = build.get('entry', true) as Node | undefined;
  const entryLine = lineOf(entryNode) ?? lineOf(build);
  const entry = isScalar(entryNode) ? String(entryNode.value) : undefined;
  if (!entry)
    return fail(`build "${inputs.hdlBuild}" has no entry; add \`entry: path/file.ato:Module\``, entryLine);
  const split = entry.lastIndexOf(':');
  if (split <= 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(entry.slice(split + 1)))
    return fail(`entry "${entry}" must name the entry module as path/file.ato:Module`, entryLine);
  const root = dirname(file);
  const entryFile = resolve(root, entry.slice(0, split));
  if (!statOrNull(entryFile)?.isFile())
    return fail(`entry "${entry}": the file ${entryFile} does not exist`, entryLine);
  const sourceDir = inputs.hdlSrc ?? dirname(entryFile);
  if (!statOrNull(sourceDir)?.isDirectory())
    return fail(`the source folder ${sourceDir} (--hdl-src) is not a folder`);
  // The tree starts at the entry module, so the source folder must hold its file.
  const fromSource = relative(sourceDir, entryFile);
  if (fromSource === '..' || fromSource.startsWith(`..${sep}`) || isAbsolute(fromSource))
    return fail(
      `entry "${entry}": the file ${entryFile} lies outside the source folder ${sourceDir} (--hdl-src); give an --hdl-src that contains it, or leave --hdl-src out to use the entry file's folder`,
      entryLine,
    );
  return {
    file,
    build: inputs.hdlBuild,
    builds: names,
    entryFile,
    entryModule: entry.slice(split + 1),
    entry: { text: entry, line: entryLine ?? 1 },
    sourceDir,
    partsDir: inputs.parts ?? join(sourceDir, 'parts'),
  };
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
