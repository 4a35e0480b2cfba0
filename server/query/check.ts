/**
 * The check a reporting query passes before it runs: parse, don't block-list.
 *
 * The text is parsed into a syntax tree and walked node by node. Every node kind, every property of a node, every
 * function, operator, cast type and table name must be one this file knows and allows; anything else — a new
 * clause the grammar learned, a property this walk does not read — is refused. What runs is then not the text
 * the caller sent but the tree printed back (`printStatement`): comments are gone, every identifier is quoted,
 * every literal re-quoted, so the engine reads exactly what was checked.
 *
 * Two places where the grammar and the engines disagree are closed here: the grammar reads `\'` as an escaped
 * quote inside a string while PostgreSQL and SQLite end the string there (so backslashes are refused outright),
 * and unquoted names such as `user` or `current_schema` are functions to PostgreSQL (so every column name is
 * printed quoted, and matched exactly as written).
 */
import type { AST } from 'node-sql-parser';
import { MAX_QUERY_LENGTH } from '../../shared/catalogue/query.js';
import { badRequest } from '../../shared/errors.js';
import { parseStatements, printStatement } from './parser.js';
import {
  BINARY_OPERATORS,
  CAST_TYPES,
  FUNCTIONS,
  JOINS,
  KEYWORD_VALUES,
  SET_OPERATIONS,
  UNARY_OPERATORS,
  type Dialect,
} from './sql-rules.js';

/** A checked query, ready to be wrapped and run. */
export interface CheckedQuery {
  /** The statement as printed back from the checked tree. */
  readonly sql: string;
  /** The reporting views it reads, by their canonical names. */
  readonly views: ReadonlySet<string>;
  /** The names of the query's own WITH tables, as written. */
  readonly ownTables: ReadonlySet<string>;
}

type Node = Record<string, unknown>;

/** A table or WITH name: a plain SQL name (what every reporting view is called). */
const RELATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** A column name or alias: anything printable but a double quote (the quoting character) or a backslash. */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const IDENTIFIER = /^[^"\\\u0000-\u001f\u007f]{1,63}$/u;
/** The body of a '…' literal as the grammar keeps it: quotes only doubled. */
const STRING_BODY = /^(?:[^'\\]|'')*$/;
/** A number as the grammar keeps it when a double would round it (`bigint`), or a window frame bound. */
const NUMBER_TEXT = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?( (PRECEDING|FOLLOWING))?$/i;
const WORD = /^[A-Za-z_]{1,40}$/;

const refuse = (reason: string) => badRequest(reason);

/** `schema.table` as written, for a message. */
const qualified = (item: Node) =>
  [item.db, item.schema, item.table].filter((part) => typeof part === 'string' && part !== '').join('.');

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as Node).every(isEmpty);
  return false;
}

/** Refuses a node that carries anything besides `allowed`: an unknown clause is never silently printed back. */
function only(node: Node, allowed: readonly string[], what: string): void {
  for (const [key, value] of Object.entries(node)) {
    if (!allowed.includes(key) && !isEmpty(value)) throw refuse(`Unsupported SQL in ${what} (${key})`);
  }
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : []);

function identifier(value: unknown, what: string): string {
  if (typeof value !== 'string' || !IDENTIFIER.test(value)) throw refuse(`Invalid name in ${what}`);
  return value;
}

/**
 * A name node `{type: 'default' | 'double_quote_string', value}` or a bare string. A node is made to print
 * quoted: the grammar keeps some unquoted words as 'default' nodes that would otherwise print as they are.
 */
function nameValue(value: unknown, what: string): string {
  if (typeof value === 'string') return identifier(value, what);
  if (isNode(value) && (value.type === 'default' || value.type === 'double_quote_string')) {
    only(value, ['type', 'value'], what);
    const name = identifier(value.value, what);
    value.type = 'double_quote_string';
    return name;
  }
  throw refuse(`Invalid name in ${what}`);
}

/** A name the printer writes unquoted (a window name, a bare USING column): a plain SQL name only. */
function plainName(value: unknown, what: string): string {
  if (typeof value !== 'string' || !RELATION_NAME.test(value)) throw refuse(`Invalid name in ${what}`);
  return value;
}

const SELECT_KEYS = [
  'type',
  'with',
  'options',
  'distinct',
  'columns',
  'into',
  'from',
  'where',
  'groupby',
  'having',
  'orderby',
  'limit',
  'window',
  '_next',
  'set_op',
  'parentheses_symbol',
  '_parentheses',
];
const SUBQUERY_KEYS = ['ast', 'tableList', 'columnList', 'parentheses', ...SELECT_KEYS];

/**
 * PostgreSQL folds a simple subquery (or a WITH table used once) into the query around it, copying its output
 * expressions to wherever they are used, before running anything. A column used ten times, level after level,
 * makes that copy exponential: nine levels of `s || s || … (10 times)` made the planner allocate 17 GB and the
 * kernel kill the database. So every subquery in FROM and every WITH table of a reporting query is fenced as
 * `SELECT * FROM (<subquery>) AS "kassa_fence" OFFSET 0`: PostgreSQL never folds a subquery with an OFFSET, so
 * every level is computed once, at run time, where the statement timeout and the 1 GB value limit apply.
 */
function fenced(select: Node): void {
  const inner: Node = { ...select };
  for (const key of Object.keys(select)) delete select[key];
  Object.assign(select, {
    type: 'select',
    columns: [{ expr: { type: 'column_ref', table: null, column: '*' }, as: null }],
    from: [{ expr: { ast: inner, parentheses: true }, as: 'kassa_fence' }],
    limit: { seperator: 'offset', value: [{ type: 'number', value: 0 }] },
  });
}

/**
 * SQLite turns an integer overflow in + - * into an inexact REAL (`9223372036854775807 + 1` is
 * 9.223372036854776e18) where PostgreSQL refuses it. On SQLite the three operators are printed as calls of
 * `kassa_add`, `kassa_subtract` and `kassa_multiply` (sqlite-arithmetic.ts, registered on the reporting
 * connection), which compute exactly as SQLite does and raise an error instead of overflowing.
 */
const CHECKED_OPERATIONS: Readonly<Record<string, string>> = { '+': 'kassa_add', '-': 'kassa_subtract', '*': 'kassa_multiply' };

function checkedOperation(node: Node): void {
  const name = CHECKED_OPERATIONS[String(node.operator)];
  if (!name) return;
  const { left, right } = node;
  for (const key of Object.keys(node)) delete node[key];
  Object.assign(node, { type: 'function', name: { name: [{ type: 'default', value: name }] }, args: { type: 'expr_list', value: [left, right] } });
}

/** A select that already is a fence (a statement printed by this check, checked again), left as it is. */
function isFence(select: Node): boolean {
  const from = list(select.from);
  const limit = isNode(select.limit) ? select.limit : {};
  const offset = list(limit.value);
  return (
    from.length === 1 &&
    from[0]?.as === 'kassa_fence' &&
    limit.seperator === 'offset' &&
    offset.length === 1 &&
    offset[0]?.value === 0 &&
    isEmpty(select.where) &&
    isEmpty(select.groupby) &&
    isEmpty(select.with) &&
    isEmpty(select._next) &&
    list(select.columns).length === 1
  );
}

/** Names visible at a point of the query: the WITH tables in scope, innermost first. */
class Scope {
  constructor(
    private readonly names: ReadonlySet<string> = new Set(),
    private readonly parent?: Scope,
  ) {}
  has(name: string): boolean {
    return this.names.has(name) || (this.parent?.has(name) ?? false);
  }
  with(name: string): Scope {
    return new Scope(new Set([...this.names, name]), this.parent);
  }
  child(): Scope {
    return new Scope(new Set(), this);
  }
}

/** `{type: 'cast', …, as, tail: {operator, expr}}` → `{type: 'expr', expr: <cast> <operator> <expr>, as}`, in place. */
function liftCastTail(column: Node): void {
  const { as, tail, ...cast } = column;
  if (!isNode(tail)) throw refuse('Unsupported cast');
  only(tail, ['operator', 'expr'], 'a cast');
  for (const key of Object.keys(column)) delete column[key];
  Object.assign(column, { type: 'expr', as, expr: { type: 'binary_expr', operator: tail.operator, left: cast, right: tail.expr } });
}

class Checker {
  readonly views = new Set<string>();
  readonly ownTables = new Set<string>();
  /** Subqueries inside a fence this check found already in place. */
  private readonly alreadyFenced = new WeakSet<Node>();
  private readonly functions: ReadonlySet<string>;

  constructor(
    private readonly dialect: Dialect,
    /** Reporting views by their name as the engine compares names (see `key`). */
    private readonly viewNames: ReadonlyMap<string, string>,
    /** SQLite only: + - * become the checked functions of sqlite-arithmetic.ts (see `checkedOperation`). */
    private readonly checkedArithmetic = false,
  ) {
    this.functions = FUNCTIONS[dialect];
  }

  /** How the engine compares table names: exactly on PostgreSQL (every name is printed quoted), ignoring case on SQLite. */
  key(name: string): string {
    return this.dialect === 'sqlite' ? name.toLowerCase() : name;
  }

  select(node: Node, scope: Scope): void {
    if (node.type !== 'select') throw refuse('Only a query (SELECT) is allowed: reporting queries only read');
    only(node, SELECT_KEYS, 'the query');
    if (!isEmpty(node.into)) throw refuse('INTO is not allowed: reporting queries only read');
    if (!isEmpty(node.options)) throw refuse('Unsupported SQL in the query (options)');
    let local = scope.child();
    for (const entry of list(node.with)) local = this.withEntry(entry, local);
    this.distinct(node.distinct, local);
    for (const column of list(node.columns)) {
      // The grammar gives `"x"::type` in a select list as a bare cast item, with its alias on it, and keeps an
      // operation that follows (`"x"::numeric / 2`) in a `tail` the printer drops: made an ordinary expression.
      if (column.type === 'cast' && !isEmpty(column.tail)) liftCastTail(column);
      if (column.type === 'cast') {
        this.cast(column, local, true);
        if (!isEmpty(column.as)) this.alias(column.as, 'a column alias');
        continue;
      }
      only(column, ['type', 'expr', 'as'], 'the select list');
      if (column.type !== undefined && column.type !== 'expr') throw refuse('Unsupported SQL in the select list');
      this.expr(column.expr, local);
      if (!isEmpty(column.as)) this.alias(column.as, 'a column alias');
    }
    for (const item of list(node.from)) this.from(item, local);
    if (!isEmpty(node.where)) this.expr(node.where, local);
    if (!isEmpty(node.groupby)) {
      const groupBy = node.groupby as Node;
      only(groupBy, ['columns'], 'GROUP BY');
      for (const column of list(groupBy.columns)) this.expr(column, local);
    }
    if (!isEmpty(node.having)) this.expr(node.having, local);
    this.orderBy(node.orderby, local);
    this.limit(node.limit);
    if (!isEmpty(node.window)) this.namedWindows(node.window as Node, local);
    if (!isEmpty(node._next)) {
      if (typeof node.set_op !== 'string' || !SET_OPERATIONS.has(node.set_op.toLowerCase()))
        throw refuse('Unsupported set operation');
      // The WITH tables of a set operation's first SELECT are visible to all of its members.
      this.select(node._next as Node, local);
    }
  }

  private withEntry(entry: Node, scope: Scope): Scope {
    only(entry, ['name', 'stmt', 'columns', 'recursive'], 'WITH');
    if (entry.recursive) throw refuse('WITH RECURSIVE is not allowed in reporting queries');
    const name = nameValue(entry.name, 'a WITH name');
    if (!RELATION_NAME.test(name)) throw refuse(`Invalid WITH name "${name}": use letters, digits and underscores`);
    // A name already in use would make the table refer to itself on SQLite, which reads that as recursion.
    if (scope.has(this.key(name)) || this.viewNames.has(this.key(name))) {
      throw refuse(`WITH name "${name}" is already the name of a reporting view or of an outer WITH table`);
    }
    for (const column of list(entry.columns)) this.columnRef(column, scope, 'a WITH column list');
    // A WITH table sees the ones before it, never itself or later ones (no recursion).
    this.subquery(entry.stmt, scope, true);
    this.ownTables.add(name);
    return scope.with(this.key(name));
  }

  private subquery(value: unknown, scope: Scope, fenceable: boolean): void {
    if (!isNode(value)) throw refuse('Unsupported subquery');
    const select = isNode(value.ast) ? value.ast : value;
    if (select !== value) only(value, SUBQUERY_KEYS, 'a subquery');
    // A fence already there (a printed statement checked again) is kept, and what it fences is not fenced twice.
    if (this.dialect !== 'postgres' || !fenceable) {
      this.select(select, scope);
      return;
    }
    const fence = isFence(select);
    const fencedInside = fence ? list(select.from)[0]?.expr : undefined;
    if (isNode(fencedInside) && isNode(fencedInside.ast)) this.alreadyFenced.add(fencedInside.ast);
    this.select(select, scope);
    if (!fence && !this.alreadyFenced.has(select)) fenced(select);
  }

  private distinct(value: unknown, scope: Scope): void {
    if (isEmpty(value)) return;
    const distinct = value as Node;
    only(distinct, ['type', 'columns'], 'DISTINCT');
    if (distinct.type !== 'DISTINCT' && distinct.type !== 'DISTINCT ON') throw refuse('Unsupported DISTINCT');
    for (const column of list(distinct.columns)) this.expr(column, scope);
  }

  private from(item: Node, scope: Scope): void {
    if (!isEmpty(item.db) || !isEmpty(item.schema))
      throw refuse(`Schema-qualified table names are not allowed (${qualified(item)})`);
    if (!isEmpty(item.type)) throw refuse('Only reporting views and subqueries may appear in FROM');
    only(item, ['table', 'as', 'join', 'on', 'using', 'expr'], 'FROM');
    if (item.join !== undefined && item.join !== null && (typeof item.join !== 'string' || !JOINS.has(item.join.toUpperCase()))) {
      throw refuse('Unsupported join');
    }
    if (!isEmpty(item.expr)) {
      const expr = item.expr as Node;
      if (!isNode(expr.ast)) throw refuse('Only reporting views and subqueries may appear in FROM');
      this.subquery(expr, scope, true);
    } else this.table(item.table, scope);
    if (!isEmpty(item.as)) this.alias(item.as, 'a table alias');
    if (!isEmpty(item.on)) this.expr(item.on, scope);
    for (const column of Array.isArray(item.using) ? item.using : []) {
      if (typeof column === 'string') plainName(column, 'USING');
      else nameValue(column, 'USING');
    }
  }

  private table(value: unknown, scope: Scope): void {
    if (typeof value !== 'string' || !RELATION_NAME.test(value)) throw refuse('Invalid table name');
    const key = this.key(value);
    if (scope.has(key)) return;
    const view = this.viewNames.get(key);
    if (view === undefined) {
      throw refuse(
        `Unknown table "${value}": a reporting query may read only the reporting views (${[...new Set(this.viewNames.values())].join(', ')})`,
      );
    }
    this.views.add(view);
  }

  private alias(value: unknown, what: string): void {
    if (typeof value === 'string') identifier(value, what);
    else nameValue(value, what);
  }

  private orderBy(value: unknown, scope: Scope): void {
    for (const item of list(value)) {
      only(item, ['expr', 'type', 'nulls'], 'ORDER BY');
      if (item.type !== undefined && item.type !== null && item.type !== 'ASC' && item.type !== 'DESC')
        throw refuse('Unsupported ORDER BY');
      if (item.nulls !== undefined && item.nulls !== null && !/^nulls (first|last)$/i.test(String(item.nulls)))
        throw refuse('Unsupported ORDER BY');
      this.expr(item.expr, scope);
    }
  }

  private limit(value: unknown): void {
    if (isEmpty(value)) return;
    const limit = value as Node;
    only(limit, ['seperator', 'value'], 'LIMIT');
    if (!['', 'offset', ','].includes(String(limit.seperator ?? ''))) throw refuse('Unsupported LIMIT');
    for (const item of list(limit.value)) this.literal(item);
  }

  private namedWindows(window: Node, scope: Scope): void {
    only(window, ['keyword', 'type', 'expr'], 'WINDOW');
    if (window.keyword !== 'window' || window.type !== 'window') throw refuse('Unsupported WINDOW');
    for (const named of list(window.expr)) {
      only(named, ['name', 'as_window_specification'], 'WINDOW');
      plainName(named.name, 'a window name');
      this.windowSpecification(named.as_window_specification, scope);
    }
  }

  private over(value: unknown, scope: Scope): void {
    if (isEmpty(value)) return;
    const over = value as Node;
    only(over, ['type', 'as_window_specification'], 'OVER');
    if (over.type !== 'window') throw refuse('Unsupported OVER');
    this.windowSpecification(over.as_window_specification, scope);
  }

  private windowSpecification(value: unknown, scope: Scope): void {
    if (typeof value === 'string') {
      plainName(value, 'a window name');
      return;
    }
    if (!isNode(value)) throw refuse('Unsupported window');
    only(value, ['window_specification', 'parentheses'], 'a window');
    const spec = value.window_specification;
    if (!isNode(spec)) throw refuse('Unsupported window');
    only(spec, ['partitionby', 'orderby', 'window_frame_clause'], 'a window');
    for (const item of list(spec.partitionby)) this.expr(item, scope);
    this.orderBy(spec.orderby, scope);
    if (!isEmpty(spec.window_frame_clause)) this.expr(spec.window_frame_clause, scope);
  }

  private literal(node: Node): void {
    switch (node.type) {
      case 'number':
        only(node, ['type', 'value'], 'a number');
        if (
          !(typeof node.value === 'number' && Number.isFinite(node.value)) &&
          !(typeof node.value === 'string' && NUMBER_TEXT.test(node.value))
        ) {
          throw refuse('Invalid number');
        }
        // The grammar keeps a large integer's digits (`bigint`) but reads a negative one as a double, which
        // would run rounded (-9223372036854775807 as -9223372036854776000): refused rather than changed.
        if (typeof node.value === 'number' && Number.isInteger(node.value) && !Number.isSafeInteger(node.value))
          throw refuse(`The number ${node.value} cannot be read exactly: write a large negative integer as 0 - <digits>`);
        return;
      case 'bigint':
        only(node, ['type', 'value'], 'a number');
        if (typeof node.value !== 'string' || !NUMBER_TEXT.test(node.value) || / /.test(node.value))
          throw refuse('Invalid number');
        return;
      case 'single_quote_string':
        only(node, ['type', 'value'], 'a string');
        if (typeof node.value !== 'string' || !STRING_BODY.test(node.value)) throw refuse('Invalid string literal');
        return;
      case 'bool':
      case 'null':
      case 'star':
        only(node, ['type', 'value'], 'a value');
        if (node.type === 'star' && node.value !== '*' && node.value !== '') throw refuse('Unsupported SQL');
        return;
      case 'origin':
        only(node, ['type', 'value'], 'a keyword');
        if (typeof node.value !== 'string' || !KEYWORD_VALUES.test(node.value))
          throw refuse(`Unsupported keyword ${String(node.value)}`);
        return;
      default:
        throw refuse(`Unsupported value (${String(node.type)})`);
    }
  }

  /** Any expression. Subqueries inside it see the same WITH tables. */
  expr(value: unknown, scope: Scope): void {
    if (Array.isArray(value)) {
      for (const item of value) this.expr(item, scope);
      return;
    }
    if (!isNode(value)) throw refuse('Unsupported expression');
    if (isNode(value.ast)) {
      // A subquery in an expression is never folded into the query around it (PostgreSQL runs it as a plan of its
      // own), so it needs no fence; the tables it reads are fenced where they appear.
      this.subquery(value, scope, false);
      return;
    }
    switch (value.type) {
      case 'column_ref':
        return this.columnRef(value, scope, 'a column reference');
      case 'expr':
        only(value, ['type', 'expr', 'as'], 'an expression');
        if (!isEmpty(value.as)) this.alias(value.as, 'an alias');
        return this.expr(value.expr, scope);
      case 'binary_expr':
        only(value, ['type', 'operator', 'left', 'right', 'parentheses'], 'an expression');
        if (typeof value.operator !== 'string' || !BINARY_OPERATORS.has(value.operator.toUpperCase())) {
          throw refuse(`Operator ${String(value.operator)} is not allowed in reporting queries`);
        }
        this.expr(value.left, scope);
        this.expr(value.right, scope);
        if (this.checkedArithmetic) checkedOperation(value);
        return;
      case 'unary_expr':
        only(value, ['type', 'operator', 'expr', 'parentheses'], 'an expression');
        if (typeof value.operator !== 'string' || !UNARY_OPERATORS.has(value.operator.toUpperCase())) {
          throw refuse(`Operator ${String(value.operator)} is not allowed in reporting queries`);
        }
        return this.expr(value.expr, scope);
      case 'expr_list':
        only(value, ['type', 'value', 'parentheses'], 'a list');
        return this.expr(value.value ?? [], scope);
      case 'function':
        return this.functionCall(value, scope);
      case 'aggr_func':
        return this.aggregate(value, scope);
      case 'window_func':
        only(value, ['type', 'name', 'args', 'over', 'consider_nulls'], 'a window function');
        this.functionName(value.name);
        if (!isEmpty(value.args)) this.expr(value.args, scope);
        return this.over(value.over, scope);
      case 'case':
        only(value, ['type', 'expr', 'args', 'parentheses'], 'CASE');
        if (!isEmpty(value.expr)) this.expr(value.expr, scope);
        for (const branch of list(value.args)) {
          only(branch, ['type', 'cond', 'result'], 'CASE');
          if (branch.type !== 'when' && branch.type !== 'else') throw refuse('Unsupported CASE');
          if (branch.type === 'when') this.expr(branch.cond, scope);
          this.expr(branch.result, scope);
        }
        return;
      case 'cast':
        return this.cast(value, scope);
      case 'extract': {
        only(value, ['type', 'args'], 'EXTRACT');
        const args = value.args as Node;
        only(args, ['field', 'source'], 'EXTRACT');
        if (typeof args.field !== 'string' || !WORD.test(args.field)) throw refuse('Unsupported EXTRACT');
        return this.expr(args.source, scope);
      }
      case 'interval':
        only(value, ['type', 'expr', 'unit'], 'INTERVAL');
        if (value.unit !== undefined && value.unit !== '' && (typeof value.unit !== 'string' || !WORD.test(value.unit)))
          throw refuse('Unsupported INTERVAL');
        return this.expr(value.expr, scope);
      case 'array':
        only(value, ['type', 'keyword', 'brackets', 'expr_list'], 'ARRAY');
        if (value.keyword !== 'array' || value.brackets !== true) throw refuse('Unsupported ARRAY');
        return this.expr(value.expr_list, scope);
      case 'var':
      case 'param':
        throw refuse('Query parameters ($1, :name, @name) are not allowed: write the values into the query');
      default:
        return this.literal(value);
    }
  }

  columnRef(node: Node, _scope: Scope, what: string): void {
    if (node.type !== 'column_ref') throw refuse(`Unsupported SQL in ${what}`);
    if (!isEmpty(node.db) || !isEmpty(node.schema)) throw refuse('Schema-qualified column names are not allowed');
    only(node, ['type', 'table', 'column'], what);
    if (!isEmpty(node.table)) nameValue(node.table, what);
    const column = node.column;
    if (column === '*') return;
    if (typeof column === 'string') {
      identifier(column, what);
      return;
    }
    if (!isNode(column) || !isNode(column.expr)) throw refuse(`Unsupported SQL in ${what}`);
    only(column, ['expr'], what);
    // Printed quoted (nameValue): `user` or `current_schema` unquoted would be PostgreSQL functions, not columns.
    nameValue(column.expr, what);
  }

  private functionName(value: unknown): string {
    if (typeof value !== 'string' || !WORD.test(value)) throw refuse('Unsupported function');
    const name = value.toLowerCase();
    if (this.functions.has(name)) return name;
    const other: Dialect = this.dialect === 'postgres' ? 'sqlite' : 'postgres';
    if (FUNCTIONS[other].has(name))
      throw refuse(
        `Function ${value} is not available on this service's database (see the reporting functions in docs/api/query.md)`,
      );
    throw refuse(`Function ${value} is not allowed in reporting queries`);
  }

  private functionCall(node: Node, scope: Scope): void {
    only(node, ['type', 'name', 'args', 'over'], 'a function call');
    const name = node.name as Node;
    if (!isNode(name)) throw refuse('Unsupported function call');
    const parts = list(name.name);
    if (!isEmpty(name.schema) || parts.length !== 1) throw refuse('Schema-qualified function names are not allowed');
    only(name, ['name'], 'a function name');
    const part = parts[0] as Node;
    only(part, ['type', 'value'], 'a function name');
    if (part.type !== 'default' && part.type !== 'origin') throw refuse('Unsupported function name');
    this.functionName(part.value);
    if (!isEmpty(node.args)) this.expr(node.args, scope);
    this.over(node.over, scope);
  }

  private aggregate(node: Node, scope: Scope): void {
    only(node, ['type', 'name', 'args', 'over', 'filter', 'within_group_orderby'], 'an aggregate');
    this.orderBy(node.within_group_orderby, scope);
    this.functionName(node.name);
    const args = node.args;
    if (isNode(args)) {
      only(args, ['expr', 'distinct', 'orderby', 'separator', 'parentheses'], 'an aggregate');
      if (args.distinct !== undefined && args.distinct !== null && args.distinct !== 'DISTINCT')
        throw refuse('Unsupported aggregate');
      this.expr(args.expr, scope);
      this.orderBy(args.orderby, scope);
      if (!isEmpty(args.separator)) {
        const separator = args.separator as Node;
        only(separator, ['symbol', 'delimiter'], 'an aggregate');
        if (separator.symbol !== ',') throw refuse('Unsupported aggregate');
        this.expr(separator.delimiter, scope);
      }
    } else if (!isEmpty(args)) throw refuse('Unsupported aggregate');
    if (!isEmpty(node.filter)) {
      const filter = node.filter as Node;
      only(filter, ['keyword', 'parentheses', 'where'], 'FILTER');
      if (filter.keyword !== 'filter') throw refuse('Unsupported FILTER');
      this.expr(filter.where, scope);
    }
    this.over(node.over, scope);
  }

  private cast(node: Node, scope: Scope, selectItem = false): void {
    only(node, ['type', 'keyword', 'symbol', 'expr', 'target', 'parentheses', ...(selectItem ? ['as'] : [])], 'a cast');
    if ((node.keyword !== undefined && node.keyword !== 'cast') || (node.symbol !== '::' && node.symbol !== 'as')) throw refuse('Unsupported cast');
    const targets = list(node.target);
    if (targets.length === 0) throw refuse('Unsupported cast');
    for (const target of targets) {
      only(target, ['dataType', 'length', 'scale', 'parentheses', 'suffix'], 'a cast');
      if (typeof target.dataType !== 'string' || !CAST_TYPES.has(target.dataType.toUpperCase())) {
        throw refuse(`Casting to ${String(target.dataType)} is not allowed in reporting queries`);
      }
      for (const size of [target.length, target.scale]) {
        if (
          size !== undefined &&
          size !== null &&
          !(typeof size === 'number' && Number.isInteger(size) && size >= 0 && size <= 1000)
        )
          throw refuse('Unsupported cast');
      }
      if (!isEmpty(target.suffix)) throw refuse('Unsupported cast');
    }
    // SQLite has no `::`; CAST(… AS …) means the same on both engines.
    if (this.dialect === 'sqlite' && targets.length === 1) {
      node.symbol = 'as';
      node.keyword = 'cast';
    }
    this.expr(node.expr, scope);
  }
}

/**
 * Checks a reporting query and prints back the statement that will run. Throws a 400 `OperationError` naming
 * the first problem; the message never contains anything but the caller's own query and our rules.
 */
export async function checkReportingQuery(
  text: string,
  dialect: Dialect,
  viewNames: readonly string[],
  options: { readonly checkedArithmetic?: boolean } = {},
): Promise<CheckedQuery> {
  if (text.length > MAX_QUERY_LENGTH) throw refuse(`The query is longer than ${MAX_QUERY_LENGTH} characters`);
  if (text.includes('\\')) throw refuse('Backslashes are not allowed in reporting queries');
  if (text.trim() === '') throw refuse('The query is empty');
  const parsed = await parseStatements(text);
  if (!parsed.ok) {
    const { line, column, found } = parsed.problem;
    const where = line !== undefined && column !== undefined ? ` at line ${line}, column ${column}` : '';
    const near =
      typeof found === 'string' && found.length > 0
        ? ` near "${found.slice(0, 40)}"`
        : found === null
          ? ' (unexpected end of the query)'
          : '';
    throw refuse(`The query could not be parsed: syntax error${where}${near} (a reporting query is one SELECT)`);
  }
  if (parsed.statements.length !== 1) throw refuse('Only one statement is allowed, and it must be a SELECT');
  const statement = parsed.statements[0] as AST;
  const checker = new Checker(
    dialect,
    new Map(viewNames.map((name) => [dialect === 'sqlite' ? name.toLowerCase() : name, name])),
    dialect === 'sqlite' && options.checkedArithmetic === true,
  );
  checker.select(statement as unknown as Node, new Scope());
  return { sql: await printStatement(statement), views: checker.views, ownTables: checker.ownTables };
}
