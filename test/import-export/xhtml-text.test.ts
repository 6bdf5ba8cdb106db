// Descriptions travel as XHTML: rr's text comes back exactly, whatever its layout.
import { describe, expect, it } from 'vitest';
import { textToXhtml, xhtmlToText } from '../../tools/import/reqif/xhtml-text.js';
import { xmlElement } from '../../tools/xml/xml-writer.js';
import { parseXmlTree } from '../../tools/import/reqif/xml-tree.js';

const back = (text: string) =>
  xhtmlToText(parseXmlTree(`<THE-VALUE xmlns:xhtml="x">\n  ${xmlElement(textToXhtml(text))}</THE-VALUE>`))
    .text;

describe('description text through XHTML', () => {
  it.each([
    'one line',
    'two\nlines',
    'para one\n\npara two',
    'a\n\n\nb',
    'a\n\n\n\nb',
    'ends with a break\n',
    '  indented code\n    more',
    'tab\there',
    'double  space',
    '<tags> & "quotes"',
    '',
  ])('%j comes back as it went', (text) => {
    expect(back(text)).toBe(text);
  });
});
