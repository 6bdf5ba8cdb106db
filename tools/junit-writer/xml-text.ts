// Text as an XML 1.0 document can hold it: characters it cannot hold at all replaced, markup escaped.

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

/** Text that an XML 1.0 document can hold (unescaped). */
export function xmlText(text: string): string {
  return text.replace(NOT_XML_CHAR, '\uFFFD');
}

/** Text as an attribute value or element content: held by XML 1.0, with the five markup characters escaped. */
export function escapedXmlText(text: string): string {
  return xmlText(text).replace(/[&<>'"]/g, (ch) => ENTITIES[ch]!);
}
