import { verifies } from 'rules-rr/vitest';
import { clampRate } from './dose.mjs';

// Owned by claim: REQ-002 claims this case in model/requirements.yaml.
test('clamps a rate above the limit', () => {
  expect(clampRate(1200, 999)).toBe(999);
});

// Owned by tag: no claim names it; verifies() writes the requirement property.
test('keeps a rate within the limit', verifies('REQ-003', { level: 'unit' }), () => {
  expect(clampRate(10, 999)).toBe(10);
});
