import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No hand-typed SQL row in the server (ADR 0048): a statement's row comes from its fields, through
 * `preparedStatement`, `typedQuery` or drizzle's query builder. `db.execute`'s result is untyped, so any
 * read of it needs a cast; this finds the casts and the reads:
 * - `as unknown as` (outside the allow-list below, each with its reason);
 * - a cast to a type with a `rows` member (`as { rows: Row[] }`), however it is reached;
 * - `execute<Row>(…)`;
 * - the value of `db.execute(…)` / `tx.execute(…)` / `.execute(sql\`…\`)` used at all: only
 *   `await db.execute(sql\`…\`);` as a statement (a write, a lock, a health check) is allowed.
 * Tests are not scanned.
 */
const root = resolve(import.meta.dirname, '../../..');

/** `as unknown as` that is not over a query result: file and the cast's text. */
const ALLOWED_DOUBLE_CASTS: { file: string; text: string; reason: string }[] = [
  {
    file: 'src/server/db/client.ts',
    text: 'drizzlePg(pool, { schema }) as unknown as Database',
    reason: "the node-postgres database as the driver-neutral Database (drizzle's HKTs differ per driver)",
  },
  {
    file: 'src/server/db/client.ts',
    text: 'drizzlePglite(client, { schema }) as unknown as Database',
    reason: "the PGlite database as the driver-neutral Database (drizzle's HKTs differ per driver)",
  },
];

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const isUnknown = (type: ts.TypeNode) => type.kind === ts.SyntaxKind.UnknownKeyword;

function hasRowsMember(type: ts.TypeNode): boolean {
  let found = false;
  const visit = (node: ts.Node) => {
    if (ts.isPropertySignature(node) && node.name.getText() === 'rows') found = true;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(type);
  return found;
}

/** A call of `execute` on the database or a transaction, or with SQL text: its rows are untyped. */
function isRawExecute(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'execute') return false;
  const receiver = callee.expression.getText();
  const [first] = call.arguments;
  const sqlText = first !== undefined && ts.isTaggedTemplateExpression(first) && first.tag.getText() === 'sql';
  return /(^|\.)(db|tx)$/.test(receiver) || sqlText;
}

/** Its value is thrown away: `await x.execute(…);` or `x.execute(…);` as a statement. */
function isDiscarded(call: ts.CallExpression): boolean {
  let node: ts.Node = call;
  while (ts.isParenthesizedExpression(node.parent) || ts.isAwaitExpression(node.parent)) node = node.parent;
  return ts.isExpressionStatement(node.parent);
}

/** Every hand-typed row in one file, as "line: what". */
function handTypedRows(source: string, fileName = 'file.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const inner = ts.isParenthesizedExpression(node.expression) ? node.expression.expression : node.expression;
      if ((ts.isAsExpression(inner) || ts.isTypeAssertionExpression(inner)) && isUnknown(inner.type)) {
        report(node, `as unknown as: ${node.getText().replace(/\s+/g, ' ')}`);
      } else if (hasRowsMember(node.type)) {
        report(node, `cast to rows: ${node.type.getText().replace(/\s+/g, ' ')}`);
      }
    }
    if (ts.isCallExpression(node) && isRawExecute(node)) {
      if (node.typeArguments?.length) report(node, `execute<${node.typeArguments.map((t) => t.getText()).join(', ')}>`);
      else if (!isDiscarded(node)) report(node, `execute's rows read: ${node.expression.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function isAllowed(path: string, finding: string) {
  return ALLOWED_DOUBLE_CASTS.some((a) => a.file === path && finding.includes(a.text));
}

describe('no hand-typed SQL rows in src/server', () => {
  const files = serverFiles(join(root, 'src/server')).map((path) => relative(root, path));

  it('finds them the way the rule means (self-test)', () => {
    const source = `async function f(db: Database, tx: Executor) {
      const a = (await db.execute(sql\`select 1 as n\`)) as unknown as { rows: { n: number }[] };
      const b = await tx.execute<{ id: string }>(sql\`insert into t default values returning id\`);
      const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
      const [c] = await Promise.all([db.execute(query)]);
      await db.execute(sql\`delete from t\`);
      await tx.execute(sql\`select pg_advisory_xact_lock(1)\`);
      const d = await prepared.execute(values);
      const e = db as unknown as Other;
      return t.database.db.execute(sql\`select 2\`);
    }`;
    expect(handTypedRows(source)).toEqual([
      '2: as unknown as: (await db.execute(sql`select 1 as n`)) as unknown as { rows: { n: number }[] }',
      "2: execute's rows read: db.execute",
      '3: execute<{ id: string }>',
      '4: cast to rows: { rows: T[] }',
      "5: execute's rows read: db.execute",
      '9: as unknown as: db as unknown as Other',
      "10: execute's rows read: t.database.db.execute",
    ]);
  });

  it('scans the server, prepared statements included', () => {
    expect(files).toContain('src/server/db/prepared.ts');
    expect(files).toContain('src/server/db/client.ts');
    expect(files.length).toBeGreaterThan(100);
  });

  it('has none: each read types its row from the schema (preparedStatement, typedQuery or the query builder)', () => {
    const findings = files.flatMap((path) =>
      handTypedRows(readFileSync(join(root, path), 'utf8'), path)
        .filter((finding) => !isAllowed(path, finding))
        .map((finding) => `${path}:${finding}`),
    );
    expect(findings).toEqual([]);
    // Parsing every server file takes a few seconds on a busy machine.
  }, 60_000);

  it('allows only casts that are still there', () => {
    for (const allowed of ALLOWED_DOUBLE_CASTS) {
      expect(readFileSync(join(root, allowed.file), 'utf8'), allowed.reason).toContain(allowed.text);
    }
  });
});
