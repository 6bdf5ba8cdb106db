// The npm packages a tree of TypeScript sources reads types from when tsc compiles it: every import and
// re-export of a bare specifier, type-only ones included (which runtime-imports.ts leaves out, as tsc
// erases them), and `typeof import('x')`. Each specifier is resolved as tsc resolves it with the
// project's own tsconfig, so the package named is the one that supplies the types: `@types/sarif` for
// 'sarif', `vitest` for 'vitest/node'. A Bazel ts_project compiles in a sandbox that holds only its
// deps, so each such package must be one of them.
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** Every bare specifier one source file imports, for its values or only for its types. */
export function typeSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      const spec = node.moduleSpecifier;
      if (spec && ts.isStringLiteral(spec)) out.push(spec.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      out.push(node.argument.literal.text);
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
  return out.filter((s) => !s.startsWith('.') && !s.startsWith('/'));
}

/** The compiler options of a tsconfig file (its `extends` followed), as tsc reads them. */
export function compilerOptionsOf(tsconfig: string): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${tsconfig}`);
  return parsed.options;
}

/**
 * The package that supplies a specifier's types to a file: Node's built-ins come from @types/node; a
 * module of this repository (a `paths` mapping) from no package (undefined); one tsc cannot resolve is
 * named as such, so that a check over it fails.
 */
export function typeProvider(
  specifier: string,
  file: string,
  options: ts.CompilerOptions,
): string | undefined {
  if (isBuiltin(specifier)) return '@types/node';
  const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
  if (!resolved) return `${specifier} (tsc cannot resolve it)`;
  if (resolved.packageId) return resolved.packageId.name;
  return resolved.isExternalLibraryImport ? `${specifier} (in no package tsc names)` : undefined;
}

/** Package name → the files (relative to `root`) that read types from it, for every .ts file below `root/dir`. */
export function typePackages(root: string, dir: string, tsconfig: string): Map<string, string[]> {
  const options = compilerOptionsOf(join(root, tsconfig));
  const out = new Map<string, string[]>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const file = relative(root, path).split('\\').join('/');
        for (const spec of typeSpecifiers(file, readFileSync(path, 'utf8'))) {
          const name = typeProvider(spec, path, options);
          if (name !== undefined) out.set(name, [...new Set([...(out.get(name) ?? []), file])]);
        }
      }
    }
  };
  walk(join(root, dir));
  return out;
}
