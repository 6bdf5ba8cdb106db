// Who reviewed a link and when, as stamps record them.
const AUTHOR = /^\s*([^<>\r\n]*[^<>\s])\s*<([^<>\s@]+@[^<>\s@]+)>\s*$/;

/** "Name <mail>" normalized, or undefined when the text is not a name and an address in angle brackets. */
export function parseReviewer(text: string): string | undefined {
  const match = AUTHOR.exec(text);
  return match ? `${match[1]} <${match[2]}>` : undefined;
}

/** A review time as stamps write it: ISO 8601 UTC to the second. */
export function reviewTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
