/**
 * Read-model versions tied to their code (ADR 015). Each model in `allReadModels` declares a
 * `version`; `readModels/versions.json` records it with a hash of the model's source: its entry file
 * and what it imports for values, followed through projector/src/readModels and into the contracts
 * package (the pricing rules a model applies), without comments or formatting. The test compares the
 * two, so a change to a model's code fails until its version is bumped (and the manifest recorded
 * with `npm run projections:versions`): a snapshot written by the old code is then not loaded for it.
 * Not followed: @phonemarket/events (event schemas evolve with upcasters; a changed upcaster that
 * changes documents bumps the models by hand) and the document store.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { ReadModel } from '../readModels/types.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
const READ_MODELS = path.join(ROOT, 'projector/src/readModels');
const CONTRACTS = path.join(ROOT, 'contracts/src');
export const MANIFEST = path.join(READ_MODELS, 'versions.json');

export interface ManifestEntry {
  version: number;
  /** SHA-256 of the model's source files, each printed without comments, in `files` order. */
  sha256: string;
  /** Repository-relative paths, entry file first. */
  files: string[];
}
export type Manifest = Record<string, ManifestEntry>;

const sourceFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true, recursive: true })
  .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts'))
  .map((e) => path.join(e.parentPath, e.name))
  .sort();

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let sf = parsed.get(file);
  if (!sf) parsed.set(file, (sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)));
  return sf;
}

/**
 * The module's tokens, one space apart, as it runs: compiled to JavaScript without comments, so
 * formatting, comments and types (interfaces, type aliases, annotations, type-only imports) do not
 * count — they cannot change the documents a model writes.
 */
function tokens(code: string): string {
  const js = ts.transpileModule(code, { compilerOptions: { target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext, removeComments: true } }).outputText;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, js);
  const out: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    const closing = kind === ts.SyntaxKind.CloseBraceToken || kind === ts.SyntaxKind.CloseBracketToken || kind === ts.SyntaxKind.CloseParenToken;
    if (closing && out.at(-1) === ',') out.pop(); // a trailing comma is formatting
    out.push(scanner.getTokenText());
  }
  return out.join(' ');
}
const normalised = (file: string) => tokens(readFileSync(file, 'utf8'));
export const normalisedSource = (code: string) => tokens(code);

/** Value imports of a file: relative specifiers resolved to files, and names imported from @phonemarket/contracts. */
function valueImports(file: string): { relative: string[]; contracts: string[] } {
  const relative: string[] = [];
  const contracts: string[] = [];
  for (const st of parse(file).statements) {
    if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const spec = st.moduleSpecifier.text;
    let names: string[] | 'all';
    if (ts.isImportDeclaration(st)) {
      const clause = st.importClause;
      if (!clause || clause.isTypeOnly) { names = clause ? [] : 'all'; } else {
        names = clause.name ? ['default'] : [];
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names = 'all';
        else if (bindings) names.push(...bindings.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text));
      }
    } else {
      if (st.isTypeOnly) continue;
      names = st.exportClause && ts.isNamedExports(st.exportClause) ? st.exportClause.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text) : 'all';
    }
    if (names !== 'all' && names.length === 0) continue;
    if (spec.startsWith('.')) relative.push(path.resolve(path.dirname(file), spec));
    else if (spec === '@phonemarket/contracts') {
      if (names === 'all') throw new Error(`${file}: import named values from @phonemarket/contracts (a namespace import cannot be followed)`);
      contracts.push(...names);
    }
  }
  return { relative, contracts };
}

/** The contracts file declaring each exported value. */
let contractDeclarations: Map<string, string> | null = null;
function declaringFile(name: string): string {
  if (!contractDeclarations) {
    contractDeclarations = new Map();
    for (const file of sourceFiles(CONTRACTS)) {
      for (const st of parse(file).statements) {
        const exported = ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
        if (!exported) continue;
        const declared = ts.isVariableStatement(st) ? st.declarationList.declarations.map((d) => d.name.getText(parse(file)))
          : (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name ? [st.name.text] : [];
        for (const n of declared) contractDeclarations.set(n, file);
      }
    }
  }
  const file = contractDeclarations.get(name);
  if (!file) throw new Error(`@phonemarket/contracts: no file declares ${name}`);
  return file;
}

/**
 * A model's source files: its entry, then (depth first, each once) the files it imports values from,
 * inside projector/src/readModels (another model's entry file excepted: that model has its own
 * version) and inside contracts/src.
 */
export function modelSources(entry: string, otherEntries: ReadonlySet<string>): string[] {
  const seen: string[] = [];
  const visit = (file: string) => {
    if (seen.includes(file)) return;
    seen.push(file);
    const { relative, contracts } = valueImports(file);
    const inside = (dir: string) => file.startsWith(`${dir}${path.sep}`);
    for (const f of relative) {
      if (otherEntries.has(f)) continue;
      if ((inside(READ_MODELS) && f.startsWith(`${READ_MODELS}${path.sep}`)) || (inside(CONTRACTS) && f.startsWith(`${CONTRACTS}${path.sep}`))) visit(f);
    }
    for (const name of contracts) visit(declaringFile(name));
  };
  visit(entry);
  return seen;
}

/** The file under projector/src/readModels that exports each model (by identity). */
export async function entryFiles(models: readonly ReadModel[]): Promise<Map<ReadModel, string>> {
  const found = new Map<ReadModel, string>();
  for (const file of sourceFiles(READ_MODELS)) {
    const mod = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      const model = models.find((m) => m === value);
      if (!model) continue;
      const before = found.get(model);
      if (before && before !== file) throw new Error(`read model ${model.name} is exported by ${before} and ${file}: export it from its own file only`);
      found.set(model, file);
    }
  }
  for (const m of models) if (!found.has(m)) throw new Error(`read model ${m.name}: no file under projector/src/readModels exports it`);
  return found;
}

/** What the manifest should say for each model now. */
export async function currentVersions(models: readonly ReadModel[]): Promise<Manifest> {
  const entries = await entryFiles(models);
  const allEntries = new Set(entries.values());
  const manifest: Manifest = {};
  for (const model of models) {
    const entry = entries.get(model)!;
    const files = modelSources(entry, new Set([...allEntries].filter((f) => f !== entry)));
    const hash = createHash('sha256');
    for (const f of files) hash.update(`${path.relative(ROOT, f)}\n${normalised(f)}\n`);
    if (manifest[model.name]) throw new Error(`two read models are named ${model.name}`);
    manifest[model.name] = { version: model.version ?? 0, sha256: hash.digest('hex'), files: files.map((f) => path.relative(ROOT, f)) };
  }
  return manifest;
}

export const readManifest = (): Manifest => JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;

/** What differs between the recorded manifest and the code, as sentences (empty: they agree). */
export function manifestProblems(recorded: Manifest, current: Manifest): { bump: string[]; record: string[] } {
  const bump: string[] = [];
  const record: string[] = [];
  for (const [name, now] of Object.entries(current)) {
    const was = recorded[name];
    if (!Number.isInteger(now.version) || now.version < 1) bump.push(`read model ${name} declares no version (set \`version: 1\` in ${now.files[0]})`);
    else if (!was) record.push(`read model ${name} is new: record it`);
    else if (was.sha256 !== now.sha256 && now.version === was.version) {
      bump.push(`read model ${name}'s code changed (${now.files.join(', ')}) but its version is still ${now.version}: bump \`version\` in ${now.files[0]}`);
    } else if (was.sha256 !== now.sha256 || was.version !== now.version || was.files.join() !== now.files.join()) record.push(`read model ${name} is now version ${now.version}: record it`);
  }
  for (const name of Object.keys(recorded)) if (!current[name]) record.push(`read model ${name} is gone: record it`);
  return { bump, record };
}
