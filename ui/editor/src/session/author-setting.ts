// The author every write is attributed to (header X-RR-Author): "Name <e-mail>". The user sets it in
// the top bar; it is remembered in local storage, and starts as the server's --author default.

const STORAGE_KEY = 'rr-editor-author';
const AUTHOR_FORM = /^[^<>]+ <[^<>\s]+@[^<>\s]+>$/;

/** Whether a string has the form the server accepts: a name followed by an e-mail in angle brackets. */
export function isAuthor(value: string): boolean {
  return AUTHOR_FORM.test(value.trim());
}

/** The remembered author, or null. */
export function storedAuthor(): string | null {
  return localStorage.getItem(STORAGE_KEY);
}

/** Remembers the author for the next visits. */
export function storeAuthor(value: string): void {
  localStorage.setItem(STORAGE_KEY, value.trim());
}
