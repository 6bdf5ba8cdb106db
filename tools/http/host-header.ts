// The parts of a Host header: a name (lower case, an IPv6 address in brackets) and a port when given.

/** A Host header's name and port. */
export interface HostParts {
  /** Lower case; an IPv6 address keeps its brackets ("[::1]"). */
  name: string;
  port: number | undefined;
}

/** "example.com:8080" → {example.com, 8080}, "[::1]" → {[::1]}; undefined for anything else. */
export function hostParts(header: string | undefined): HostParts | undefined {
  const value = (header ?? '').trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]/\s]+)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return undefined;
  return { name: match[1]!, port: match[2] === undefined ? undefined : Number(match[2]) };
}
