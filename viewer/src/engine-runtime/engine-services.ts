// SPDX-License-Identifier: AGPL-3.0-or-later
// The services an engine answers in `rr engine-service <name>` (run by engine-service-runner.ts): each
// takes the JSON request and returns the JSON answer. One entry per service.
import { componentCostReplay, type CostReplayInput } from '../pnr-sim/cost-replay.js';
import { buildSchematicService } from '../schematic/schematic-service.js';

/** A service: request in, answer out; throwing makes the subprocess exit 1 with the message. */
export type EngineService = (request: unknown) => Promise<unknown>;

/** Every service by name. */
export const ENGINE_SERVICES: Readonly<Record<string, EngineService>> = {
  schematic: buildSchematicService,
  'component-cost': (request) => Promise.resolve(componentCostReplay(request as CostReplayInput)),
};
