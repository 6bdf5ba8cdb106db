import type { Config } from './config.js';
import type { Diagnostic } from './diagnostic.js';
import type { Entity } from './entity.js';
import type { ResolvedConfig } from './resolve-config.js';
import type { ReviewStamps } from './review-stamps.js';

/** The schema_version this rr reads; a model may omit it. */
export const CURRENT_SCHEMA_VERSION = 1;

/** A loaded model: entities in load order, the resolved config, and the problems found while loading. */
export interface Model {
  /** the model path as given */
  root: string;
  /** model files read, in load order */
  files: string[];
  entities: Entity[];
  byId: Map<string, Entity>;
  config: Config;
  configSources: ResolvedConfig['sources'];
  project: Record<string, unknown>;
  meta: Record<string, unknown>;
  schemaVersion: number;
  /** load-time diagnostics (syntax, schema, duplicates, references) */
  diagnostics: Diagnostic[];
  /** true when some input could not be read or parsed at all (exit code 2) */
  unreadable: boolean;
  /**
   * the review stamps (docs/change-control.md), once stamping has started: absent while the model has
   * no stamps file; read beside the model by loadModel, from their own input by the editor and Bazel
   */
  reviewed?: ReviewStamps;
}
