// The one markup escaper of rr and the viewer (test/layers/one-home.test.ts): text as an XML 1.0
// document, an SVG or an HTML page can hold it. Characters XML 1.0 cannot hold at all are replaced and
// the five markup characters escaped, so the same text is safe as element content and as a quoted
// attribute value in any of them.

// Characters XML 1.0 cannot hold at all (C0 controls but tab, LF, CR; lone surrogates; U+FFFE/U+FFFF),
// escaped or not: they become U+FFFD, as rr's reader does with bytes it cannot decode.
const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&apos;',
  '"': '&quot;',
};

// Line breaks and tabs in an attribute value: a reader normalises them to spaces unless they are
// written as character references.
const ATTRIBUTE_WHITESPACE: Record<string, string> = { '\n': '&#10;', '\r': '&#13;', '\t': '&#9;' };

// Any character either replacement could touch: most text has none, and one test of this simple class
// costs far less than the two replacements (a large audit pack escapes millions of values).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MAYBE_CHANGED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF&<>'"]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MAYBE_NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text that an XML 1.0 document can hold (unescaped). */
export function xmlText(text: string): string {
  return MAYBE_NOT_XML.test(text) ? text.replace(NOT_XML_CHAR, '\uFFFD') : text;
}

/** Text as element content or a quoted attribute value: held by XML 1.0, the five markup characters escaped. */
export function escapeMarkup(text: string): string {
  if (!MAYBE_CHANGED.test(text)) return text;
  return xmlText(text).replace(/[&<>'"]/g, (ch) => ENTITIES[ch]!);
}

/** escapeMarkup for an attribute value whose line breaks and tabs must be read back as written. */
export function escapeMarkupAttribute(text: string): string {
  return escapeMarkup(text).replace(/[\n\r\t]/g, (ch) => ATTRIBUTE_WHITESPACE[ch]!);
}
