/**
 * The SQL parser behind the reporting-query check: node-sql-parser's PostgreSQL grammar, loaded on first use.
 *
 * One grammar serves both engines. Its SQLite grammar rejects much ordinary SQL (window functions, CROSS JOIN,
 * INTERSECT, `t.*`), and what the PostgreSQL grammar prints back is plain SQL that SQLite also runs (quoted
 * identifiers, CAST, CASE, window functions, set operations); PostgreSQL-only syntax (`::`, ILIKE, DISTINCT ON)
 * is then refused by SQLite itself when the statement is prepared.
 */
import type { AST, Parser } from 'node-sql-parser';

let loading: Promise<Parser> | undefined;

async function loadParser(): Promise<Parser> {
  // The PostgreSQL-only build is a seventh of the all-dialects bundle.
  const module = (await import('node-sql-parser/build/postgresql.js')) as unknown as {
    default?: { Parser: new () => Parser };
    Parser?: new () => Parser;
  };
  const ParserClass = module.Parser ?? module.default?.Parser;
  if (!ParserClass) throw new Error('node-sql-parser: the PostgreSQL build exports no Parser');
  return new ParserClass();
}

const OPTIONS = { database: 'postgresql' } as const;

export interface SyntaxProblem {
  readonly line?: number;
  readonly column?: number;
  readonly found?: string | null;
}

/** Parses `text` into statements; a syntax error becomes a `SyntaxProblem` (where, not the grammar's wish list). */
export async function parseStatements(
  text: string,
): Promise<{ ok: true; statements: AST[] } | { ok: false; problem: SyntaxProblem }> {
  loading ??= loadParser();
  const parser = await loading;
  try {
    const ast = parser.astify(text, OPTIONS);
    return { ok: true, statements: Array.isArray(ast) ? ast : [ast] };
  } catch (error) {
    const { location, found } = error as { location?: { start?: { line?: number; column?: number } }; found?: string | null };
    return { ok: false, problem: { line: location?.start?.line, column: location?.start?.column, found: found ?? null } };
  }
}

/** The canonical SQL text of an accepted statement: comments gone, every identifier quoted, literals re-quoted. */
export async function printStatement(statement: AST): Promise<string> {
  loading ??= loadParser();
  const parser = await loading;
  return parser.sqlify(statement, OPTIONS);
}
