import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 4, Texts: the lint rule for JSX. Every visible string comes from the locales, so a
 * literal word in JSX fails: text between tags, a string in braces as a child, and the
 * visible attributes (aria-label, title, alt, placeholder, ...). Marks without letters
 * (punctuation, digits, symbols) are fine.
 */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'alt',
  'placeholder',
  'label',
]);
const LETTER = /\p{L}/u;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(path);
    return e.name.endsWith('.tsx') ? [path] : [];
  });
}

/** "file:line: text" for every literal user-visible string in one file's JSX. */
function literalsIn(file: string, source = readFileSync(file, 'utf8')): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    found.push(`${relative(process.cwd(), file)}:${line + 1}: ${JSON.stringify(text.trim())}`);
  };
  const isLiteral = (n: ts.Node | undefined): n is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    !!n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n));
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const e = node.expression;
      if (isLiteral(e) && LETTER.test(e.text)) report(node, e.text);
    }
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(sf))) {
      const init = node.initializer;
      const value = init && ts.isJsxExpression(init) ? init.expression : init;
      if (isLiteral(value) && LETTER.test(value.text)) report(node, value.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('no literal user-visible strings in JSX', () => {
  it('the rule finds text, braced strings and visible attributes, and lets marks through', () => {
    const sample = `export const A = () => (
      <div title="Hello" aria-label={'Close'} className="x" data-testid="y">
        Welcome
        {'again'}
        {' · '}
        <img alt="" />
        <span aria-hidden="true">{'→'} 42 / %</span>
      </div>
    );`;
    expect(literalsIn('sample.tsx', sample).map((s) => s.replace(/^.*?: /, ''))).toEqual([
      '"Hello"',
      '"Close"',
      '"Welcome"',
      '"again"',
    ]);
  });

  it('holds for every .tsx file of the client', () => {
    const found = tsxFiles('client/src').flatMap((f) => literalsIn(f));
    expect(found).toEqual([]);
  });
});
