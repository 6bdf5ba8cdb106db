// SPDX-License-Identifier: AGPL-3.0-or-later
// The source browser's index (GET /api/source/index): the manifest, the `.ato` files, the instance tree
// joined to the netlist graph, the nets with their titles and summaries, and every problem found on the
// way. Built again only when a source file or the graph changed (names, sizes and modification times).
import { statSync } from 'node:fs';
import type { NetlistGraph } from '../netlist/netlist-graph.js';
import { readDesignGraph } from '../netlist/design-graph-file.js';
import type { DesignGraphLocation } from '../netlist/design-graph-location.js';
import { readDesignManifest, type DesignManifest, type DesignManifestInputs } from './design-manifest.js';
import { loadDesignSourceFiles, sourceName, sourcePath } from './design-source-files.js';
import { DesignSourceError, type DesignSourceProblem } from './design-source-problem.js';
import { buildInstanceTree, type InstanceTree } from './instance-tree.js';
import {
  joinSourceToNetlist,
  type JoinedInstance,
  type JoinedNet,
  type SourceJoin,
} from './source-netlist-join.js';

/** The body of GET /api/source/index. */
export interface SourceIndex {
  manifest: {
    file: string;
    build: string;
    builds: string[];
    entry: string;
    entryFile: string;
    entryModule: string;
    sourceDir: string;
    partsDir: string;
  };
  /** The netlist graph the tree is joined to; null without one (`graphReason` says why). */
  graph: { file: string; components: number; nets: number } | null;
  graphReason?: string;
  files: { path: string; lines: number; parsed: boolean }[];
  tree: JoinedInstance;
  nets: JoinedNet[];
  sourceOnlyNets: SourceJoin['sourceOnlyNets'];
  unjoined: SourceJoin['unjoined'];
  problems: DesignSourceProblem[];
}

/** The settings the index is built from. */
export interface DesignSourceInputs extends DesignManifestInputs {
  graph?: string;
  /** Where `graph` came from: the live directory's graph may not be written yet, which is no problem. */
  graphOrigin?: DesignGraphLocation['origin'];
}

/** Builds the index on demand and keeps it while nothing it was built from changed. */
export class DesignSourceIndex {
  private cached?: { stamp: string; index: SourceIndex; tree: InstanceTree; graph?: NetlistGraph };

  constructor(private readonly inputs: DesignSourceInputs) {}

  /** The manifest as it reads now; throws DesignSourceError when it cannot be used. */
  manifest(): DesignManifest {
    return readDesignManifest(this.inputs);
  }

  /** The current index; throws DesignSourceError when the manifest cannot be used. */
  index(): SourceIndex {
    return this.current().index;
  }

  /** The netlist graph the index joined, when there is one. */
  graph(): NetlistGraph | undefined {
    return this.current().graph;
  }

  private current(): NonNullable<typeof this.cached> {
    const manifest = this.manifest();
    const loaded = loadDesignSourceFiles(manifest);
    const graphStamp = stampOf(this.inputs.graph);
    const stamp = [
      stampOf(manifest.file),
      graphStamp,
      ...loaded.listed.map((f) => `${f.path}:${f.lines}:${stampOf(sourcePath(manifest, f.path))}`),
    ].join('|');
    if (this.cached?.stamp === stamp) return this.cached;

    const problems = [...loaded.problems];
    let graph: NetlistGraph | undefined;
    let graphReason: string | undefined;
    const unwritten = this.inputs.graphOrigin === 'live directory' && graphStamp === 'missing';
    if (this.inputs.graph && unwritten)
      graphReason = `the experiment has not written its netlist graph ${this.inputs.graph} yet, so nothing is joined to the netlist`;
    else if (this.inputs.graph) {
      try {
        graph = readDesignGraph(this.inputs.graph);
      } catch (error) {
        graphReason = `the netlist graph ${this.inputs.graph} cannot be read: ${(error as Error).message}`;
        problems.push({ file: this.inputs.graph, message: (error as Error).message, severity: 'error' });
      }
    } else graphReason = 'no netlist graph is configured (--graph), so nothing is joined to the netlist';
    const entryName = sourceName(manifest, manifest.entryFile) ?? manifest.entryFile;
    const tree = buildInstanceTree(loaded.files, entryName, manifest.entryModule);
    problems.push(...tree.problems);
    const joined = joinSourceToNetlist(tree, graph);
    const index: SourceIndex = {
      manifest: {
        file: manifest.file,
        build: manifest.build,
        builds: manifest.builds,
        entry: manifest.entry.text,
        entryFile: entryName,
        entryModule: manifest.entryModule,
        sourceDir: manifest.sourceDir,
        partsDir: manifest.partsDir,
      },
      graph: graph
        ? { file: this.inputs.graph!, components: graph.components.length, nets: graph.nets.length }
        : null,
      ...(graphReason ? { graphReason } : {}),
      files: loaded.listed,
      tree: joined.root,
      nets: joined.nets,
      sourceOnlyNets: joined.sourceOnlyNets,
      unjoined: joined.unjoined,
      problems,
    };
    this.cached = { stamp, index, tree, ...(graph ? { graph } : {}) };
    return this.cached;
  }
}

/** Why the source browser cannot start with these settings, or undefined when it can. */
export function designSourcesProblem(inputs: Partial<DesignSourceInputs>): string | undefined {
  if (!inputs.hdlRoot || !inputs.hdlBuild)
    return `it needs the design sources: ${!inputs.hdlRoot ? '--hdl-root (the folder of the ato.yaml manifest)' : ''}${!inputs.hdlRoot && !inputs.hdlBuild ? ' and ' : ''}${!inputs.hdlBuild ? '--hdl-build (a build the manifest names)' : ''} ${!inputs.hdlRoot && !inputs.hdlBuild ? 'are' : 'is'} not set`;
  try {
    readDesignManifest(inputs as DesignManifestInputs);
    return undefined;
  } catch (error) {
    if (error instanceof DesignSourceError) return error.message;
    throw error;
  }
}

function stampOf(path: string | undefined): string {
  if (!path) return '-';
  try {
    const s = statSync(path);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return 'missing';
  }
}
