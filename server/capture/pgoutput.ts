/**
 * Reads PostgreSQL's `pgoutput` logical decoding messages (protocol version 1) and renders a decoded row exactly as
 * the capture trigger rendered `to_jsonb(NEW)::text` (db/change-capture.ts, docs/sync.md "Rows").
 *
 * Hand-written rather than taken from `pg-logical-replication`: that client hands values through the process's
 * global pg type parsers (this service parses BIGINT as a JS bigint; other types would be reformatted), while the
 * change log needs each value's exact text to reproduce the trigger's JSON byte for byte; and its periodic
 * acknowledgement confirms positions not yet written to the log. The protocol part needed is ~100 lines.
 */

/** One column of a published table, as its Relation message describes it. */
export interface RelationColumn {
  readonly name: string;
  readonly typeOid: number;
}

export interface Relation {
  readonly oid: number;
  readonly table: string;
  readonly columns: readonly RelationColumn[];
}

/** A tuple's values as PostgreSQL's text output; null for SQL NULL; undefined for an unchanged TOASTed value. */
export type TupleValues = (string | null | undefined)[];

export type DecodedMessage =
  | { readonly tag: 'begin'; readonly finalLsn: bigint; readonly xid: number }
  | { readonly tag: 'commit'; readonly commitLsn: bigint; readonly endLsn: bigint; readonly commitTime: bigint }
  | { readonly tag: 'relation'; readonly relation: Relation }
  | { readonly tag: 'insert'; readonly relation: Relation; readonly values: TupleValues }
  | { readonly tag: 'update'; readonly relation: Relation; readonly old: TupleValues | null; readonly values: TupleValues }
  | { readonly tag: 'message'; readonly transactional: boolean; readonly prefix: string }
  | { readonly tag: 'other' };

/** Parses one pgoutput message; `relations` is the stream's cache of Relation messages (updated here). */
export function parsePgoutput(buffer: Buffer, relations: Map<number, Relation>): DecodedMessage {
  let at = 1;
  const int8 = () => buffer.readInt8(at++);
  const int16 = () => ((at += 2), buffer.readInt16BE(at - 2));
  const int32 = () => ((at += 4), buffer.readInt32BE(at - 4));
  const int64 = () => ((at += 8), buffer.readBigUInt64BE(at - 8));
  const string = () => {
    const end = buffer.indexOf(0, at);
    const text = buffer.toString('utf8', at, end);
    at = end + 1;
    return text;
  };
  const tuple = (): TupleValues => {
    const count = int16();
    const values: TupleValues = [];
    for (let index = 0; index < count; index += 1) {
      const kind = String.fromCharCode(int8());
      if (kind === 'n') values.push(null);
      else if (kind === 'u') values.push(undefined);
      else if (kind === 't') {
        const length = int32();
        values.push(buffer.toString('utf8', at, at + length));
        at += length;
      } else throw new Error(`pgoutput: unexpected tuple value kind ${kind}`);
    }
    return values;
  };
  const relationOf = (oid: number) => {
    const relation = relations.get(oid);
    if (!relation) throw new Error(`pgoutput: change of relation ${oid} before its Relation message`);
    return relation;
  };
  switch (String.fromCharCode(buffer[0]!)) {
    case 'B': {
      const finalLsn = int64();
      int64(); // commit time
      return { tag: 'begin', finalLsn, xid: int32() };
    }
    case 'C': {
      int8(); // flags
      const commitLsn = int64();
      const endLsn = int64();
      return { tag: 'commit', commitLsn, endLsn, commitTime: int64() };
    }
    case 'R': {
      const oid = int32();
      string(); // namespace
      const table = string();
      int8(); // replica identity
      const count = int16();
      const columns: RelationColumn[] = [];
      for (let index = 0; index < count; index += 1) {
        int8(); // flags
        const name = string();
        const typeOid = int32();
        int32(); // type modifier
        columns.push({ name, typeOid });
      }
      const relation = { oid, table, columns };
      relations.set(oid, relation);
      return { tag: 'relation', relation };
    }
    case 'I': {
      const relation = relationOf(int32());
      int8(); // 'N'
      return { tag: 'insert', relation, values: tuple() };
    }
    case 'U': {
      const relation = relationOf(int32());
      let kind = String.fromCharCode(int8());
      let old: TupleValues | null = null;
      if (kind === 'K' || kind === 'O') {
        const before = tuple();
        if (kind === 'O') old = before;
        kind = String.fromCharCode(int8());
      }
      if (kind !== 'N') throw new Error(`pgoutput: unexpected update part ${kind}`);
      const values = tuple();
      // An unchanged TOASTed value is not sent again; with REPLICA IDENTITY FULL the old image holds it.
      if (old) values.forEach((value, index) => value === undefined && (values[index] = old![index]));
      return { tag: 'update', relation, old, values };
    }
    case 'M': {
      const transactional = (int8() & 1) === 1;
      int64(); // the message's LSN
      return { tag: 'message', transactional, prefix: string() };
    }
    default:
      // Origin, Type, Delete (nothing publishes deletes) and Truncate carry nothing the log needs.
      return { tag: 'other' };
  }
}

// Type OIDs whose to_jsonb is a JSON number or boolean; every other type is rendered as its text, a JSON string.
const NUMERIC_TYPES = new Set([20, 21, 23, 26, 700, 701, 1700]);
const BOOLEAN = 16;
const JSON_TYPES = new Set([114, 3802]);

function jsonValue(typeOid: number, text: string | null): string {
  if (text === null) return 'null';
  if (NUMERIC_TYPES.has(typeOid) && /^-?[0-9]/.test(text)) return text;
  if (typeOid === BOOLEAN) return text === 't' ? 'true' : 'false';
  if (JSON_TYPES.has(typeOid)) return text;
  // PostgreSQL's escape_json and JSON.stringify escape the same characters the same way.
  return JSON.stringify(text);
}

/** jsonb orders an object's keys by length, then bytewise. */
const jsonbKeyOrder = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** The order in which a relation's columns appear in its jsonb text (cached per relation). */
const ORDERS = new WeakMap<Relation, number[]>();
function jsonbOrder(relation: Relation): number[] {
  let order = ORDERS.get(relation);
  if (!order) {
    order = relation.columns
      .map((_, index) => index)
      .sort((a, b) => jsonbKeyOrder(relation.columns[a]!.name, relation.columns[b]!.name));
    ORDERS.set(relation, order);
  }
  return order;
}

/** A row as `to_jsonb(row)::text`: `{"id": "…", "price": 1100000}`. */
export function rowJson(relation: Relation, values: TupleValues): string {
  const parts = jsonbOrder(relation).map((index) => {
    const column = relation.columns[index]!;
    return `${JSON.stringify(column.name)}: ${jsonValue(column.typeOid, values[index] ?? null)}`;
  });
  return `{${parts.join(', ')}}`;
}

/**
 * The columns an update changed, as the trigger's `jsonb_agg(key order by key)::text` gave them (`["a", "b"]`, `[]`
 * when none; the database's C collation orders bytewise), or null without an old image.
 */
export function changedFields(relation: Relation, old: TupleValues | null, values: TupleValues): string | null {
  if (!old) return null;
  const changed = relation.columns
    .filter((column, index) => jsonValue(column.typeOid, old[index] ?? null) !== jsonValue(column.typeOid, values[index] ?? null))
    .map((column) => column.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `[${changed.map((name) => JSON.stringify(name)).join(', ')}]`;
}

/** The value of a named column, as text. */
export function valueOf(relation: Relation, values: TupleValues, column: string): string | null {
  const index = relation.columns.findIndex((candidate) => candidate.name === column);
  return index < 0 ? null : (values[index] ?? null);
}
