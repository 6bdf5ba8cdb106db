/** A publication that cannot go ahead, with what to do about it (the CLI prints it, exit 2). */
export class PublishError extends Error {
  override name = 'PublishError';
}
