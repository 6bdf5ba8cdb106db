// SPDX-License-Identifier: AGPL-3.0-or-later
// The schematic builder as an engine service (`rr engine-service schematic`, run by the viewer from
// --engine-runtime): reads the design graph (or a checkpoint's board), the constraints file and the
// part symbol folders named in the request, and answers the schematic model.
import { readFileSync } from 'node:fs';
import { readKicadBoardTree } from '../geometry/kicad-board-tree.js';
import { graphFromBoardTree } from '../netlist/board-netlist-graph.js';
import { readDesignGraph } from '../netlist/design-graph-file.js';
import { buildSchematic } from './schematic-builder.js';
import { readDesignConstraints, type DesignConstraints } from './design-constraints.js';
import { readSymbolLibraries } from './kicad-symbol-library.js';
import type { SchematicModel } from './schematic-model.js';

/** The request the viewer sends: absolute paths. */
export interface SchematicRequest {
  scope: 'design' | 'board';
  /** The design graph (scope design). */
  graph?: string;
  /** A checkpoint's board file (scope board). */
  board?: string;
  constraints?: string;
  parts?: string[];
}

/** Checks the request's shape; the viewer builds it, so a wrong one is a bug worth a plain message. */
function asRequest(value: unknown): SchematicRequest {
  const r = value as Partial<SchematicRequest> | null;
  if (!r || (r.scope !== 'design' && r.scope !== 'board'))
    throw new Error('schematic request: scope must be "design" or "board"');
  if (r.scope === 'design' && typeof r.graph !== 'string')
    throw new Error('schematic request: graph is missing');
  if (r.scope === 'board' && typeof r.board !== 'string')
    throw new Error('schematic request: board is missing');
  return r as SchematicRequest;
}

/** Builds the schematic model the request asks for. */
export function buildSchematicFor(request: SchematicRequest): SchematicModel {
  const graph =
    request.scope === 'design'
      ? readDesignGraph(request.graph!)
      : graphFromBoardTree(readKicadBoardTree(readFileSync(request.board!, 'utf8'), request.board!), {
          file: request.board!,
          tool: 'board checkpoint',
        });
  const problems: string[] = [];
  let constraints: DesignConstraints | undefined;
  if (request.constraints) {
    try {
      constraints = readDesignConstraints(request.constraints);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  const symbols = request.parts && request.parts.length > 0 ? readSymbolLibraries(request.parts) : undefined;
  return buildSchematic(graph, {
    scope: request.scope,
    ...(constraints ? { constraints } : {}),
    ...(symbols ? { symbols } : {}),
    problems,
  });
}

/** The engine service entry: request JSON in, model out. */
export function buildSchematicService(request: unknown): Promise<unknown> {
  return Promise.resolve().then(() => buildSchematicFor(asRequest(request)));
}
