// Model text for claim tests: requirements that satisfy one need and claim what a test gives them.

/** One requirement's claims: YAML lines of its verified_by list, e.g. ['- target: //a:t', '  cases: [x]']. */
export type ClaimLines = string[];

/**
 * A clean model whose requirements REQ-1, REQ-2, ... each satisfy UN-1 and carry the given claims
 * (none when a list is empty), with an optional config block (YAML lines under `config:`).
 */
export function claimModel(claims: ClaimLines[], config: string[] = []): string {
  const lines: string[] = [];
  if (config.length > 0) lines.push('config:', ...config.map((l) => `  ${l}`));
  lines.push('user_needs:', '  - id: UN-1', '    title: n', 'requirements:');
  claims.forEach((list, i) => {
    lines.push(`  - id: REQ-${i + 1}`, '    title: r', '    satisfies: UN-1');
    if (list.length > 0) lines.push('    verified_by:', ...list.map((l) => `      ${l}`));
  });
  return `${lines.join('\n')}\n`;
}
