// SPDX-License-Identifier: AGPL-3.0-or-later
// Reading a net-label call's answer: one JSON object per line, {"net": …, "label": …}. Lines that are
// not such objects (a code fence, a sentence) are passed over; labels for nets the chunk does not hold
// are dropped, so a call can only label what it was asked about.

/** The labels in an answer, by net. */
export function netLabelsFromAnswer(text: string, nets: readonly string[]): Map<string, string> {
  const wanted = new Set(nets);
  const labels = new Map<string, string>();
  for (const line of text.split('\n')) {
    const trimmed = line.trim().replace(/,$/, '');
    if (!trimmed.startsWith('{')) continue;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      continue;
    }
    const { net, label } = (value ?? {}) as { net?: unknown; label?: unknown };
    if (typeof net === 'string' && typeof label === 'string' && wanted.has(net) && label.trim() !== '')
      labels.set(net, label.trim().slice(0, 200));
  }
  return labels;
}

/** The instructions of a net-label call (its version enters the cache keys). */
export const NET_LABEL_PROMPT_VERSION = 'net-labels-1';
export const NET_LABEL_SYSTEM_PROMPT = [
  'You label the nets of a printed circuit board from a netlist dossier.',
  'For every "## net NAME" block, write one line of JSON: {"net": "NAME", "label": "what the net does, at most 12 words"}.',
  'Base each label on the pins, the components and their values, and the source lines when given. Write nothing else: no prose, no code fences.',
].join('\n');
