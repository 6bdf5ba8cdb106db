// SPDX-License-Identifier: AGPL-3.0-or-later
// What the page knows about a feature from GET /api/features, read once when the page opens: the page
// never calls a route of a feature the list says is unavailable (the browser would log the 501 as an
// error), and shows the list's reason instead.
import type { Feature, FeatureId, UnavailableAnswer } from './api-types.js';

/** The feature list: null while it is being read, [] when it could not be read. */
export type FeatureList = readonly Feature[] | null;

/** Whether a feature is available: 'unknown' while the list is read, or when it does not name it. */
export function availability(features: FeatureList, id: FeatureId): 'available' | 'unavailable' | 'unknown' {
  const feature = features?.find((f) => f.id === id);
  if (!feature) return 'unknown';
  return feature.available ? 'available' : 'unavailable';
}

/** The unavailable answer the feature's route would give, from the list; undefined unless it is unavailable. */
export function unavailableFrom(features: FeatureList, id: FeatureId): UnavailableAnswer | undefined {
  const feature = features?.find((f) => f.id === id);
  if (!feature || feature.available) return undefined;
  return { available: false, feature: id, reason: feature.reason, needs: feature.needs };
}
