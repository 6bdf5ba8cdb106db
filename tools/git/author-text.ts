// An author as people write it, "Name <name@example.com>": `--author`, `X-RR-Author`, and the recent
// edits' author column.
import type { Author } from './git-client.js';

const AUTHOR = /^\s*([^<>\r\n]*[^<>\s])\s*<([^<>\s@]+@[^<>\s@]+)>\s*$/;

/** "Name <name@example.com>" as an author, or undefined when the text is not one. */
export function parseAuthor(text: string): Author | undefined {
  const match = AUTHOR.exec(text);
  return match ? { name: match[1]!, email: match[2]! } : undefined;
}

/** "Name <email>". */
export function authorText(author: Author): string {
  return `${author.name} <${author.email}>`;
}
