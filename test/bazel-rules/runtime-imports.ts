// The npm packages a tree of TypeScript sources loads when it runs: every import, re-export and
// dynamic import() of a bare specifier, read with TypeScript's parser, less type-only imports (erased by
// tsc), relative paths and Node's built-in modules.
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Whether an import or re-export loads its module at run time (it is not erased as type-only). */
function loadsAtRunTime(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return false;
    const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause : undefined;
    return !named || named.elements.length === 0 || named.elements.some((e) => !e.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return true; // import 'x' for its side effects
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.length === 0 || bindings.elements.some((e) => !e.isTypeOnly);
}

/** The bare specifiers one source file loads at run time. */
export function runtimeSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && loadsAtRunTime(node)) {
      const spec = node.moduleSpecifier;
      if (spec && ts.isStringLiteral(spec)) out.push(spec.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out.filter((s) => !s.startsWith('.') && !s.startsWith('/') && !isBuiltin(s));
}

/** Package name → the files (relative to `root`) that load it, for every .ts file below `root/dir`. */
export function runtimePackages(root: string, dir: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const file = relative(root, path).split('\\').join('/');
        for (const spec of runtimeSpecifiers(file, readFileSync(path, 'utf8'))) {
          const name = packageOf(spec);
          out.set(name, [...new Set([...(out.get(name) ?? []), file])]);
        }
      }
    }
  };
  walk(join(root, dir));
  return out;
}
