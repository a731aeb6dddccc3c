// Tree-shaken shared libraries. Module Federation shares a library as one module with every export
// (a consumer might use any of them), so a shared @chakra-ui/react or react-router-dom arrives
// whole. Instead the host provides, under the library's share key, a facade module that
// re-exports only the names the remotes import; the host's own code imports the library directly,
// so webpack shakes it down to what the host and the facade use, and both see one instance.
// A remote consumes the facade unchanged (`import: false`). A remote version that starts importing
// a name the running host does not re-export needs a host build first, as for the 'shared'
// package.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

/** Libraries the host provides as facades; the remotes' imports of them go through the facade. */
const FACADE_LIBRARIES = ['@chakra-ui/react', 'react-router-dom', '@tanstack/react-query'];

const SOURCE = /\.(ts|tsx)$/;
const NOT_SHIPPED = /\.test\.(ts|tsx)$|\/test-support\//;

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    return entry.isFile() && SOURCE.test(file) && !NOT_SHIPPED.test(file) ? [file] : [];
  });
}

/** Value names each library is imported or re-exported with in the files (type-only ones left out). */
function importedNames(files, libraries) {
  const names = new Map(libraries.map((library) => [library, new Set()]));
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      const isImport = ts.isImportDeclaration(statement);
      if (!isImport && !ts.isExportDeclaration(statement)) continue;
      const library = statement.moduleSpecifier && statement.moduleSpecifier.text;
      if (!names.has(library)) continue;
      const clause = isImport ? statement.importClause : statement;
      if (!clause || clause.isTypeOnly) continue;
      const bindings = isImport ? clause.namedBindings : clause.exportClause;
      if (isImport && clause.name) names.get(library).add('default');
      if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) {
        if (!isImport || bindings) names.get(library).add('*');
        continue;
      }
      for (const element of bindings.elements) {
        if (!element.isTypeOnly) names.get(library).add((element.propertyName ?? element.name).text);
      }
    }
  }
  return names;
}

/**
 * Writes one facade module per library into `outDir` and returns, per library, its path.
 * @param {string} packageDir the host package (the libraries resolve from there)
 * @param {string[]} sourceDirs the source folders whose imports the facades serve (the remotes')
 */
function writeFacades(packageDir, sourceDirs, outDir) {
  const names = importedNames(sourceDirs.flatMap(sourceFiles), FACADE_LIBRARIES);
  fs.mkdirSync(outDir, { recursive: true });
  return Object.fromEntries(
    FACADE_LIBRARIES.map((library) => {
      // Interfaces and type aliases imported without `type` have no runtime export: keep the real ones.
      const runtime = new Set(Object.keys(require(require.resolve(library, { paths: [packageDir] }))));
      const wanted = [...names.get(library)];
      const body = wanted.includes('*')
        ? `export * from '${library}';\n`
        : `export { ${wanted
            .filter((name) => runtime.has(name))
            .sort()
            .join(', ')} } from '${library}';\n`;
      const file = path.join(outDir, `${library.replace(/[@/]/g, '_')}.js`);
      // Rewrite only on change, so a watching dev server does not rebuild for nothing.
      if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== body) fs.writeFileSync(file, body);
      return [library, file];
    }),
  );
}

module.exports = { FACADE_LIBRARIES, writeFacades };
