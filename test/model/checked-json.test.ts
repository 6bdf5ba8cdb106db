// JSON becomes a typed value only after a check of its shape (tools/model/checked-json.ts): a text that is
// not JSON names its line, one of the wrong shape says what is wrong, both name where the text came from.
import { describe, expect, it } from 'vitest';
import { isJsonObject, JsonInputError, parseCheckedJson, shapeOf } from '../../tools/model/checked-json.js';

interface Point {
  x: number;
}

const POINT = shapeOf<Point>((value) =>
  isJsonObject(value) && typeof value.x === 'number' ? undefined : '"x" must be a number',
);

function failure(text: string): JsonInputError {
  try {
    parseCheckedJson(text, 'points/p.json', POINT, 'write it again');
  } catch (error) {
    if (error instanceof JsonInputError) return error;
    throw error;
  }
  throw new Error('no JsonInputError');
}

describe('parseCheckedJson', () => {
  it('returns the value when it has the shape', () => {
    expect(parseCheckedJson('{"x": 1}', 'points/p.json', POINT)).toEqual({ x: 1 });
  });

  it('names the source and what is wrong with a value of the wrong shape, then what to do', () => {
    const error = failure('{"x": "1"}');
    expect(error.message).toBe('points/p.json: "x" must be a number; write it again');
    expect(error.line).toBeUndefined();
  });

  it('names the line where a text stops being JSON', () => {
    const error = failure('{\n  "x": 1,\n}\n');
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/^points\/p\.json:3: is not valid JSON \(.+\); write it again$/);
  });
});
