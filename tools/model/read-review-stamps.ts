// Reads a model's review stamps file, when it has one, and puts it on the model (Model.reviewed).
import { readFile, stat } from 'node:fs/promises';
import type { Model } from './model.js';
import { parseReviewStamps, reviewStampsPathOf, type ReviewStamps } from './review-stamps.js';

/** The stamps file's path and text (undefined when there is none) for a model loaded from `model.root`. */
export async function readReviewStampsFile(model: Model): Promise<{ path: string; text?: string }> {
  const isDirectory = (await stat(model.root).catch(() => undefined))?.isDirectory() ?? false;
  const path = reviewStampsPathOf(model, isDirectory);
  const text = await readFile(path, 'utf8').catch(() => undefined);
  return text === undefined ? { path } : { path, text };
}

/** The model with its stamps from the file beside it, if any; the file's problems join its diagnostics. */
export async function withReviewStampsFile(model: Model): Promise<Model> {
  const { path, text } = await readReviewStampsFile(model);
  return text === undefined ? model : withReviewStamps(model, parseReviewStamps(path, text));
}

/** Puts stamps on a model (in place) and adds the stamps file's problems to its diagnostics. */
export function withReviewStamps(model: Model, stamps: ReviewStamps | undefined): Model {
  if (!stamps) {
    delete model.reviewed;
    return model;
  }
  model.reviewed = stamps;
  for (const d of stamps.diagnostics) if (!model.diagnostics.includes(d)) model.diagnostics.push(d);
  return model;
}
