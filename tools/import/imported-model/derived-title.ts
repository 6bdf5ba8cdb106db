/** Longest title made from text; rr requires a title, other tools often have none. */
const MAX_TITLE = 80;

/** A title from the first line of a text, cut at a word near 80 characters; '' when the text is empty. */
export function titleFromText(text: string): string {
  const first =
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  if (first.length <= MAX_TITLE) return first;
  const cut = first.lastIndexOf(' ', MAX_TITLE - 1);
  return `${first.slice(0, cut > MAX_TITLE / 2 ? cut : MAX_TITLE - 1)}…`;
}
