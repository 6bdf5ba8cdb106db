// Composed files crossing threads as JSON (docs/decisions/0387-composed-files-cross-threads-as-json.md):
// what the main thread gets back is the composition, positions included, and a file holding a number
// JSON cannot hold crosses as itself.
import { describe, expect, it } from 'vitest';
import { composeModelText } from '../../tools/model/compose-file.js';
import { composedFromMessage, composedMessage } from '../../tools/model/composed-json.js';

const compose = (text: string) => composeModelText('/m/model.yaml', { ok: true, text, bom: false });

describe('a composed file sent to another thread', () => {
  it('goes as JSON text and comes back as the same composition, with its positions', () => {
    const composed = compose(
      'requirements:\n  - id: REQ-1\n    title: Rate\n    method: unit\n    verified_by:\n      - target: //a:b\n        cases: [S/x]\n',
    );
    const sent = composedMessage(composed);
    expect(typeof sent).toBe('string');
    const back = composedFromMessage(structuredClone(sent));
    const entity = back.documents[0]!.entities[0]!;
    expect(entity.data).toEqual(composed.documents[0]!.entities[0]!.data);
    expect(entity.positions).toEqual(composed.documents[0]!.entities[0]!.positions);
    expect(entity.positions.title).toEqual([3, 5]);
    expect(JSON.parse(JSON.stringify(back))).toEqual(JSON.parse(JSON.stringify(composed)));
  });

  it('goes as itself when it holds .inf or .nan, which JSON would turn into null', () => {
    const composed = compose(
      'requirements:\n  - id: REQ-1\n    title: Rate\n    limit: .inf\n    ratio: .nan\n',
    );
    const sent = composedMessage(composed);
    expect(typeof sent).not.toBe('string');
    const data = composedFromMessage(structuredClone(sent)).documents[0]!.entities[0]!.data;
    expect(data.limit).toBe(Infinity);
    expect(data.ratio).toBeNaN();
  });
});
