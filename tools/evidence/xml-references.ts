// fast-xml-parser runs with entity processing off (no DOCTYPE expansion, so no billion laughs); the
// five predefined entities and numeric character references still mean something in every JUnit file
// (`&lt;` in failure messages, Go's `&#xA;`), so they are decoded here, in one pass.

const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#([0-9]+)|#x([0-9A-Fa-f]+));/g;

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Whether a code point may stand in XML text (XML 1.0 Char production). */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/**
 * Replaces `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` and `&#N;` / `&#xN;` with the characters they stand
 * for; any other reference (a DOCTYPE entity such as `&lol9;`) stays as written.
 */
export function decodeXmlReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, name?: string, decimal?: string, hex?: string) => {
    if (name !== undefined) return PREDEFINED[name] ?? whole;
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16);
    return isXmlChar(code) ? String.fromCodePoint(code) : whole;
  });
}
