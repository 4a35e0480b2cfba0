/**
 * What a reporting query may use, per engine: allow-lists, never block-lists. A function, operator or type that
 * is not listed here is refused, so a new server function (a file reader, a sleep, a setting changer) can never
 * slip through because nobody thought to forbid it.
 */
export type Dialect = 'postgres' | 'sqlite';

/** `'a b c'` → ['a', 'b', 'c']: the lists below stay readable at a glance. */
const words = (text: string) => text.trim().split(/\s+/);

const AGGREGATES = words('count sum avg min max');
const WINDOW = words('row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value');
const COMMON_SCALAR = words(`
  coalesce nullif abs round ceil ceiling floor sign mod power sqrt exp ln log trunc
  lower upper length trim ltrim rtrim replace substr substring concat concat_ws
  exists current_date current_timestamp random
`);

/**
 * Functions by engine (lower case). Left out on purpose: anything that reads or writes server state or files
 * (`pg_*`, `set_config`, `current_setting`, `lo_*`, `dblink*`, `load_extension`, `sqlite_*`), sleeps, random
 * data (`randomblob`, `zeroblob`), and string builders that can allocate without bound from a tiny input
 * (`repeat`, `lpad`, `rpad`, `format`, `printf`).
 */
export const FUNCTIONS: Readonly<Record<Dialect, ReadonlySet<string>>> = {
  postgres: new Set([
    ...AGGREGATES,
    ...WINDOW,
    ...COMMON_SCALAR,
    ...words(`
      string_agg array_agg bool_and bool_or every stddev stddev_pop stddev_samp variance var_pop var_samp
      greatest least div char_length character_length btrim left right strpos split_part initcap starts_with
      date_trunc date_part age make_date to_char to_date to_timestamp to_number now any array_length
      rollup cube grouping percentile_cont percentile_disc mode
    `),
  ]),
  sqlite: new Set([
    ...AGGREGATES,
    ...WINDOW,
    ...COMMON_SCALAR,
    ...words(`
      total group_concat string_agg ifnull iif instr typeof pow log10 log2
      date time datetime julianday strftime unixepoch
    `),
  ]),
};

export const BINARY_OPERATORS: ReadonlySet<string> = new Set([
  ...words('+ - * / % || = <> != < > <= >= AND OR LIKE ILIKE ~ ~* !~ !~* IN BETWEEN IS'),
  ...['NOT LIKE', 'NOT ILIKE', 'SIMILAR TO', 'NOT SIMILAR TO', 'NOT IN', 'NOT BETWEEN', 'IS NOT'],
  ...['IS DISTINCT FROM', 'IS NOT DISTINCT FROM'],
]);

export const UNARY_OPERATORS: ReadonlySet<string> = new Set(['-', '+', 'NOT', 'NOT EXISTS']);

/** Types a value may be cast to (upper case, as the parser spells them). */
export const CAST_TYPES: ReadonlySet<string> = new Set([
  ...words(
    'INT INTEGER BIGINT SMALLINT NUMERIC DECIMAL REAL FLOAT TEXT VARCHAR CHAR DATE TIME TIMESTAMP TIMESTAMPTZ BOOLEAN BOOL INTERVAL',
  ),
  ...['DOUBLE PRECISION', 'CHARACTER VARYING'],
]);

/** Bare keywords the parser keeps as they are: window frames, `LIMIT ALL`, the current date and time. */
export const KEYWORD_VALUES =
  /^(rows|range|groups|unbounded preceding|unbounded following|current row|all|current_date|current_timestamp|current_time)$/i;

export const JOINS: ReadonlySet<string> = new Set([
  ...['JOIN', 'INNER JOIN', 'LEFT JOIN', 'LEFT OUTER JOIN', 'RIGHT JOIN', 'RIGHT OUTER JOIN'],
  ...['FULL JOIN', 'FULL OUTER JOIN', 'CROSS JOIN'],
]);

export const SET_OPERATIONS: ReadonlySet<string> = new Set([
  ...['union', 'union all', 'union distinct', 'intersect', 'intersect all', 'except', 'except all'],
]);
