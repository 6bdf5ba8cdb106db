// Reading a model takes linear time in every layout: the model reader (the block reader, the yaml
// package's path for JSON and declined YAML, composing, assembling) and validation examine a constant
// number of characters per input character, in YAML with and without comments, folded and literal
// block scalars, single- and double-quoted scalars, flow sequences, and JSON. Counted, not timed
// (test/scan/char-meter.ts); bench/validate prints the times.
import { afterAll, describe, expect, it } from 'vitest';
import {
  modelFiles,
  planModel,
  VALIDATE_CLAIMS,
  type ModelFormat,
} from '../../bench/validate/generate-model.js';
import { composeModelText } from '../../tools/model/compose-file.js';
import { modelOf } from '../../tools/model/load-model.js';
import { parseModelText, parseWithYamlPackage } from '../../tools/model/parse-documents.js';
import { validateModel } from '../../tools/validate/validate-model.js';
import { uninstallMeter } from './char-meter.js';
import { expectLinear, growth } from './linear-growth.js';

afterAll(uninstallMeter);

/** Entities of the smallest input; the largest has eight times as many. */
const BASE = 250;

/** The one-file model of `k × BASE` entities in a format of the bench generator. */
function oneFile(format: ModelFormat, k: number): { size: number; input: { file: string; text: string } } {
  const files = modelFiles(planModel(k * BASE), VALIDATE_CLAIMS, { layout: 'one-file', format });
  const [name, text] = [...files][0]!;
  return { size: text.length, input: { file: `/model/${name}`, text } };
}

/** A one-file model whose scalars are all single-quoted, with literal block descriptions. */
function quotedAndLiteral(k: number): { size: number; input: { file: string; text: string } } {
  const lines = ['requirements:'];
  for (let i = 0; i < k * BASE; i++) {
    lines.push(
      `  - id: 'REQ-${String(i).padStart(4, '0')}'`,
      `    title: 'It''s requirement ${i}'`,
      '    description: |',
      `      Line one of ${i}.`,
      '',
      `      Line two, after a blank line.`,
      `    satisfies: ['UN-1', "UN-2"]`,
      `    status: "draft"`,
    );
  }
  lines.push('user_needs:', '  - id: UN-1', '    title: one', '  - id: UN-2', '    title: two', '');
  const text = lines.join('\n');
  return { size: text.length, input: { file: '/model/quoted.yaml', text } };
}

/** Parses, composes, assembles and validates one file, as `rr validate FILE` does. */
function readAndValidate({ file, text }: { file: string; text: string }): unknown {
  const composed = composeModelText(file, { ok: true, text, bom: false });
  const model = modelOf({ root: file, diagnostics: [], unreadable: false, files: [composed] });
  return validateModel(model);
}

describe('reading one model file examines a constant number of characters per input character', () => {
  for (const format of ['yaml-comments', 'yaml-plain', 'yaml-folded', 'json'] as const) {
    it(`parsing ${format}`, () => {
      const { file, text } = oneFile(format, 1).input;
      expect(parseModelText(file, text).reader, 'rr reads it with its own reader').toBe(
        format === 'json' ? 'json' : 'block',
      );
      expectLinear(
        `parse ${format}`,
        growth(
          (k) => oneFile(format, k),
          ({ file, text }) => parseModelText(file, text),
        ),
        16,
      );
    });
    it(`reading and validating ${format}`, () => {
      expectLinear(
        `read and validate ${format}`,
        growth((k) => oneFile(format, k), readAndValidate),
        20,
      );
    });
  }
  it('parsing single-quoted scalars, literal block scalars and flow sequences', () => {
    const { file, text } = quotedAndLiteral(1).input;
    expect(parseModelText(file, text).reader, 'rr reads it with its own reader').toBe('block');
    expectLinear(
      'parse quoted and literal',
      growth(quotedAndLiteral, ({ file, text }) => parseModelText(file, text)),
      16,
    );
  });
  it('reading and validating single-quoted scalars, literal block scalars and flow sequences', () => {
    expectLinear('read and validate quoted and literal', growth(quotedAndLiteral, readAndValidate), 20);
  });
  // Files rr's own readers decline (anchors, tags, duplicate keys, JSON with comments) take this road.
  for (const format of ['yaml-plain', 'json'] as const) {
    it(`parsing ${format} with the yaml package`, () => {
      expectLinear(
        `yaml package ${format}`,
        growth(
          (k) => oneFile(format, k),
          ({ file, text }) => parseWithYamlPackage(file, text),
        ),
        24,
      );
    });
  }
});
