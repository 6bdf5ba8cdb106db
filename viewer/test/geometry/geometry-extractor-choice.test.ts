// SPDX-License-Identifier: AGPL-3.0-or-later
import { describe, expect, it } from 'vitest';
import { chooseGeometryExtractor } from '../../src/geometry/geometry-extractor-choice.js';
import type { PcbToolResolution } from '../../src/geometry/pcb-tool-resolution.js';

const configured: PcbToolResolution = {
  status: 'found',
  tool: 'python',
  path: '/k/python3',
  source: '--pcb-python',
};
const discovered: PcbToolResolution = {
  status: 'found',
  tool: 'python',
  path: '/usr/bin/python3',
  source: 'discovery',
};
const missing: PcbToolResolution = {
  status: 'missing',
  tool: 'python',
  message: 'no PCB suite Python found',
};
const refused: PcbToolResolution = {
  status: 'refused',
  tool: 'python',
  path: '/Applications/KiCad.app/python3',
  source: '--pcb-python',
  message: 'refused /Applications/KiCad.app/python3',
};

describe('geometry extractor choice', () => {
  it('uses pcbnew when a Python is configured, the native reader when one was only discovered or none exists', () => {
    expect(chooseGeometryExtractor('auto', configured).kind).toBe('pcbnew');
    expect(chooseGeometryExtractor('auto', configured).description).toContain(
      '/k/python3 (from --pcb-python)',
    );
    expect(chooseGeometryExtractor('auto', discovered).kind).toBe('native');
    expect(chooseGeometryExtractor('auto', missing).kind).toBe('native');
  });

  it('honours an explicit choice, and says why pcbnew cannot be used', () => {
    expect(chooseGeometryExtractor('native', configured).kind).toBe('native');
    expect(chooseGeometryExtractor('pcbnew', discovered).kind).toBe('pcbnew');
    expect(() => chooseGeometryExtractor('pcbnew', missing)).toThrow('no PCB suite Python found');
    expect(() => chooseGeometryExtractor('auto', refused)).toThrow('refused /Applications/KiCad.app/python3');
  });
});
