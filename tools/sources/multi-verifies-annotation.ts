import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { SourcePosition } from '../model/source-position.js';

/**
 * The multi-verifies-annotation finding for one annotation naming several ids. Its severity is the
 * rule's default; callers apply config.rules.
 */
export function multiVerifiesAnnotation(
  at: SourcePosition,
  written: string,
  ids: readonly string[],
): Diagnostic {
  return diagnostic(
    'multi-verifies-annotation',
    'warning',
    `annotation "${written}" in ${at.file} names ${ids.length} ids (${ids.join(', ')}); one annotation names one id: split it into one annotation per id, or move the test so that each test verifies one entity`,
    at,
  );
}
