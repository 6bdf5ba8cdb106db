// @verifies REQ-001
export function clampRate(rate, limit) {
  return Math.min(rate, limit);
}
