// SPDX-License-Identifier: AGPL-3.0-or-later
// What the viewer knows of the design for checking note targets (notes/design-note-target-check.ts): the
// netlist graph (--graph, else the live directory's netlist-graph.json), the experiment's input board, and
// the design sources, each when there is one.
// The graph is preferred for components and nets; the board names them when there is no graph.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readDesignGraph } from '../netlist/design-graph-file.js';
import { designGraphFile } from '../netlist/design-graph-location.js';
import type { DesignKnowledge } from '../notes/design-note-target-check.js';
import { readSimBoard } from '../pnr-sim/sim-board-reader.js';
import type { DesignSourceIndex } from '../design-sources/design-source-index.js';
import type { ViewerContext } from './viewer-context.js';

/** Builds the knowledge for one request (files are read again when they changed; boards are kept). */
export class DesignKnowledgeSource {
  private boards = new Map<string, DesignKnowledge>();

  constructor(
    private readonly context: ViewerContext,
    private readonly sources: DesignSourceIndex | undefined,
  ) {}

  /** The knowledge as of now. */
  knowledge(): DesignKnowledge {
    const k: DesignKnowledge = {};
    const board = this.board();
    if (board) Object.assign(k, board);
    // The schematic's graph: --graph, else the one the experiment writes into the live directory.
    const graphFile = designGraphFile(this.context.config)?.file;
    if (graphFile) {
      try {
        let joined;
        try {
          joined = this.sources?.graph();
        } catch {
          // Design sources that cannot be read do not hide the graph.
        }
        const graph = joined ?? readDesignGraph(graphFile);
        const from = `the netlist graph ${graphFile}`;
        k.components = {
          refs: new Map(graph.components.map((c) => [c.ref, new Set(c.pins.map((p) => p.pad))])),
          from,
        };
        k.nets = { names: new Set(graph.nets.map((n) => n.name)), from };
      } catch {
        // An unreadable graph is reported by the source index and the features list; the board still counts.
      }
    }
    if (this.sources) {
      const sources = this.sources;
      k.source = (path, line) => {
        let index;
        try {
          index = sources.index();
        } catch (error) {
          return (error as Error).message;
        }
        if (path.split(/[\\/]/).includes('..') || path.startsWith('/') || /^[a-zA-Z]:/.test(path))
          return `the source path ${JSON.stringify(path)} is outside the source folder ${index.manifest.sourceDir}; give a path relative to it`;
        const file = index.files.find((f) => f.path === path);
        if (!file)
          return `there is no source file ${JSON.stringify(path)} in the source folder ${index.manifest.sourceDir}`;
        if (line !== undefined && line > file.lines)
          return `${path} has ${file.lines} lines; line ${line} is past its end`;
        return undefined;
      };
    }
    return k;
  }

  /**
   * Components, nets and outline of the experiment's boards: every checkpoint holds the same footprints
   * and nets, so the first one written (the run's input board) stands for them.
   */
  private board(): DesignKnowledge | undefined {
    const dir = join(this.context.experiment.reader().root, 'boards');
    let first: { name: string; time: number } | undefined;
    try {
      for (const name of readdirSync(dir)) {
        if (!name.endsWith('.kicad_pcb')) continue;
        const time = statSync(join(dir, name)).mtimeMs;
        if (!first || time < first.time || (time === first.time && name < first.name)) first = { name, time };
      }
    } catch {
      return undefined;
    }
    if (!first) return undefined;
    const cached = this.boards.get(first.name);
    if (cached) return cached;
    let board;
    try {
      board = readSimBoard(readFileSync(join(dir, first.name), 'utf8'), `boards/${first.name}`).board;
    } catch {
      return undefined;
    }
    const from = `the board boards/${first.name}`;
    const refs = new Map(board.footprints.map((f) => [f.ref, new Set(f.pads.map((p) => p.number))]));
    const nets = new Set(board.footprints.flatMap((f) => f.pads.flatMap((p) => (p.net ? [p.net] : []))));
    const k: DesignKnowledge = {
      components: { refs, from },
      nets: { names: nets, from },
      outline: { ...board.outline, from },
    };
    this.boards.set(first.name, k);
    return k;
  }
}
