// @ts-check
import path from 'node:path';

/**
 * The import-boundary rule (same zone format as import-x's `no-restricted-paths`): a file inside a
 * zone's `target` (less its `ignore` paths) must not import from its `from` folders (less `except`).
 * Kept local (it predates eslint-plugin-import-x here, which now gives `import-x/no-cycle`): import-x's
 * own rule resolves through its resolver, this one by path only — relative specifiers against the
 * importing file, `@phonemarket/<pkg>[/…]` to the workspace folder `<pkg>` (contracts, events, …) —
 * so a file that does not exist yet (lintText in tests/lintBoundaries.test.ts) is checked the same.
 */

/** @typedef {{ target: string | string[]; ignore?: string[]; from: string | string[]; except?: string[]; message?: string }} Zone */

const list = (/** @type {string | string[]} */ v) => (Array.isArray(v) ? v : [v]);
const inside = (/** @type {string} */ file, /** @type {string} */ dir) => file === dir || file.startsWith(dir + path.sep);

/** @type {import('eslint').Rule.RuleModule} */
export const noRestrictedPaths = {
  meta: { type: 'problem', schema: [{ type: 'object', properties: { zones: { type: 'array' }, root: { type: 'string' } }, additionalProperties: false }] },
  create(context) {
    const { zones = [], root = context.cwd } = /** @type {{ zones?: Zone[]; root?: string }} */ (context.options[0] ?? {});
    const abs = (/** @type {string} */ p) => path.resolve(root, p);
    const file = context.filename;
    const mine = zones.filter((z) => list(z.target).some((t) => inside(file, abs(t))) && !(z.ignore ?? []).some((i) => inside(file, abs(i))));
    if (mine.length === 0) return {};

    /** @param {string} spec */
    function resolve(spec) {
      if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
      const m = /^@phonemarket\/([^/]+)(\/.*)?$/.exec(spec);
      return m ? path.join(root, m[1] ?? '', m[2] ? 'src' + m[2] : '') : null;
    }

    /** @param {import('estree').Node & { source?: import('estree').Expression | null }} node */
    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolve(source.value);
      if (!target) return;
      for (const zone of mine) {
        const fromDirs = list(zone.from).map(abs);
        const hit = fromDirs.find((dir) => inside(target, dir));
        if (!hit) continue;
        if ((zone.except ?? []).some((e) => inside(target, path.resolve(hit, e)))) continue;
        context.report({ node: source, message: `Unexpected path "${source.value}" imported in restricted zone. ${zone.message ?? ''}`.trim() });
      }
    }

    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'no-restricted-paths': noRestrictedPaths } };
