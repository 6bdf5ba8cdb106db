// The baseline of a stamped Bazel build, read from the workspace status file's rr keys: the commit,
// its tag and date, and whether the tree was modified; a file naming no valid commit gives none.
import { describe, expect, it } from 'vitest';
import { stampedBaseline } from '../../tools/publish/stamped-baseline.js';

const COMMIT = '0123456789abcdef0123456789abcdef01234567';

describe('a stamped baseline', () => {
  it('names the commit, tag, date and modified state the status file gives', () => {
    const status = [
      'BUILD_EMBED_LABEL ',
      'BUILD_HOST ci-runner-7',
      `STABLE_RR_BASELINE_COMMIT ${COMMIT}`,
      'STABLE_RR_BASELINE_TAG v1.2',
      'STABLE_RR_BASELINE_DATE 2026-03-01T12:00:00+01:00',
      'STABLE_RR_BASELINE_MODIFIED 1',
    ].join('\n');
    expect(stampedBaseline(status)).toEqual({
      commit: COMMIT,
      tag: 'v1.2',
      date: '2026-03-01T12:00:00+01:00',
      modified: true,
    });
  });

  it('has no tag when the status leaves it empty, and no date when it is not one', () => {
    const status = `STABLE_RR_BASELINE_COMMIT ${COMMIT}\r\nSTABLE_RR_BASELINE_TAG \r\nSTABLE_RR_BASELINE_DATE yesterday\r\n`;
    expect(stampedBaseline(status)).toEqual({ commit: COMMIT, tag: null, date: null, modified: false });
  });

  it('is none without a commit, or with something that is not one', () => {
    expect(stampedBaseline('BUILD_HOST ci-runner-7\nBUILD_USER ci\n')).toBeUndefined();
    expect(stampedBaseline('STABLE_RR_BASELINE_COMMIT $(git rev-parse HEAD)\n')).toBeUndefined();
  });
});
