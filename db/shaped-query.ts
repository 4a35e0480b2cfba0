/**
 * Statements built with kysely once per shape, then reused with new values.
 *
 * Building a query with kysely's builder and compiling it costs more than SQLite spends running a small one, and
 * the hot writes (a credit sale, a stock edit) run the same few shapes all day. `build` is called once per
 * (engine, shape) with stand-ins for the values; the compiled text is kept, with the places each stand-in took
 * among the bound parameters, and every call binds its own values there. Values only ever travel as bound
 * parameters, exactly as a freshly built query would bind them.
 *
 * `build` must not branch on a value (a branch belongs in the shape's name) and may only bind each value as is:
 * a value that is transformed, or spread (an `in` list), is refused when the shape is first built.
 */
import { CompiledQuery, PostgresAdapter, type Compilable, type Kysely } from 'kysely';

type Values = Readonly<Record<string, unknown>>;

interface Shape {
  readonly sql: string;
  /** Per bound parameter: the name of the value it takes, or a constant the builder bound itself. */
  readonly slots: readonly ({ readonly value: string } | { readonly constant: unknown })[];
}

const shapes = new Map<string, Shape>();
const MARK = '\u0001kassa-shape\u0001';

export function shapedQuery<V extends Values, R>(db: Pick<Kysely<unknown>, 'getExecutor'>, shape: string, values: V, build: (values: V) => Compilable<R>): CompiledQuery<R> {
  const engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  const key = `${engine}\u0000${shape}`;
  let known = shapes.get(key);
  if (!known) {
    known = shapeOf(shape, values, build);
    shapes.set(key, known);
  }
  const parameters = known.slots.map((slot) => ('value' in slot ? values[slot.value] : slot.constant));
  return CompiledQuery.raw(known.sql, parameters) as CompiledQuery<R>;
}

function shapeOf<V extends Values, R>(shape: string, values: V, build: (values: V) => Compilable<R>): Shape {
  const standIns = Object.fromEntries(Object.keys(values).map((name) => [name, `${MARK}${name}${MARK}`])) as unknown as V;
  const compiled = build(standIns).compile();
  if (compiled.sql.includes(MARK)) throw new Error(`query shape ${shape}: a value is written into the SQL text`);
  const slots = compiled.parameters.map((parameter) => {
    if (typeof parameter === 'string' && parameter.includes(MARK)) {
      const name = parameter.slice(MARK.length, -MARK.length);
      if (parameter !== `${MARK}${name}${MARK}` || !(name in values)) throw new Error(`query shape ${shape}: a value is transformed before binding`);
      return { value: name };
    }
    return { constant: parameter };
  });
  const bound = new Set(slots.flatMap((slot) => ('value' in slot ? [slot.value] : [])));
  const unbound = Object.keys(values).filter((name) => !bound.has(name));
  if (unbound.length > 0) throw new Error(`query shape ${shape}: ${unbound.join(', ')} never bound`);
  return { sql: compiled.sql, slots };
}
