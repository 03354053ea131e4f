import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No user-facing literal outside the i18n layer (ADR 0009): JSX text, user-facing attributes
 * (aria-label, title, placeholder, alt, label) and toast messages in components must come from the
 * catalogues. Text without letters (punctuation, numbers, "·") and the brand name are allowed.
 */
const root = resolve(import.meta.dirname, '../../..');
const ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]);
const ALLOWED = new Set(['Torque', 'Prep', 'TorquePrep', 'A', 'B', 'C', 'D']);

function components(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return components(path);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [path] : [];
  });
}

const hasWords = (text: string) => /\p{L}/u.test(text) && !ALLOWED.has(text.trim());

/** Every user-facing literal in one component, as "line: text". */
function literalStrings(source: string, fileName = 'component.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`);
  const literalText = (node: ts.Node | undefined): string | null => {
    if (!node) return null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => s.literal.text).join(' ');
    if (ts.isJsxExpression(node)) return literalText(node.expression);
    if (ts.isConditionalExpression(node)) {
      return [literalText(node.whenTrue), literalText(node.whenFalse)].filter(Boolean).join(' ') || null;
    }
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const text = literalText(node.expression);
      if (text && hasWords(text)) report(node, text);
    }
    if (ts.isJsxAttribute(node) && ATTRIBUTES.has(node.name.getText(file))) {
      const text = literalText(node.initializer);
      if (text && hasWords(text)) report(node, `${node.name.getText(file)}="${text}"`);
    }
    if (ts.isCallExpression(node) && /^toast(\.\w+)?$/.test(node.expression.getText(file))) {
      const text = literalText(node.arguments[0]);
      if (text && hasWords(text)) report(node, `toast: ${text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('no literal user-facing strings in components', () => {
  const files = components(join(root, 'src/web')).map((path) => relative(root, path));

  it('finds literals the way the rule means (self-test)', () => {
    const source = `export const X = () => (
      <div aria-label="Close" title={'Hi'}>
        Hello {cond ? 'Yes' : 'No'} {count} · {'·'}
        <FormattedMessage id="a.b" /> <span aria-hidden="true">A</span>
        {toast.success('Saved')}
      </div>);`;
    expect(literalStrings(source)).toEqual([
      '2: aria-label="Close"',
      '2: title="Hi"',
      '3: Hello',
      '3: Yes No',
      '5: toast: Saved',
    ]);
  });

  it.each(files)('%s renders text only through the i18n layer', (path) => {
    expect(literalStrings(readFileSync(join(root, path), 'utf8'), path)).toEqual([]);
  });
});
