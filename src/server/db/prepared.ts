import { type Column, type DriverValueDecoder, type GetColumnData, type SQL, sql, type Table } from 'drizzle-orm';
import type { PgColumn, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

const dialect = new PgDialect();

/** What a statement returns, named as its row will be: schema columns, or expressions typed by `sql<T>`. */
export type Fields = Record<string, PgColumn | SQL<unknown>>;

/** The row a statement's fields give: each column typed as the schema has it (null where it may be null). */
export type RowOf<F extends Fields> = {
  [K in keyof F]: F[K] extends Column ? GetColumnData<F[K]> : F[K] extends SQL<infer T> ? T : never;
};

/**
 * A statement for the hottest paths (every answer click, every start and submit): its SQL text is
 * built once, and on PostgreSQL it is a named statement, parsed and planned once per connection
 * (ADR 0008). Values go in through `sql.placeholder(name)`. Its row is what `fields` say (ADR 0048):
 * `query` receives their select list and puts it where the statement returns its rows (after a
 * `select`, or a `returning`); drizzle decodes each value with its column's mapping (timestamps as
 * Date, jsonb parsed), so the row's type and its values come from the schema, and a column renamed
 * or retyped there fails to compile here. Runs on the database or inside a transaction, through
 * drizzle's session of either.
 */
export function preparedStatement<F extends Fields>(name: string, fields: F, query: (columns: SQL) => SQL) {
  const ordered = orderedFields(fields);
  const built = dialect.sqlToQuery(query(selectList(fields)));
  return (db: Executor, values: Record<string, unknown>): Promise<RowOf<F>[]> =>
    db._.session
      .prepareQuery<{ execute: RowOf<F>[]; all: RowOf<F>[]; values: unknown[][] }>(built, ordered, name, true)
      .execute(values);
}

/**
 * A statement run once, as written: for the reads and jobs off the hottest paths, whose values go in
 * as `${value}` parameters. Its row is what `fields` say and its values are decoded as a prepared
 * statement's are (timestamps as Date through their column, jsonb parsed), so no caller casts
 * `db.execute`'s untyped rows. On PostgreSQL it is an unnamed statement, planned with its values.
 */
export function typedQuery<F extends Fields>(
  db: Executor,
  fields: F,
  query: (columns: SQL) => SQL,
): Promise<RowOf<F>[]> {
  return db._.session
    .prepareQuery<{ execute: RowOf<F>[]; all: RowOf<F>[]; values: unknown[][] }>(
      dialect.sqlToQuery(query(selectList(fields))),
      orderedFields(fields),
      undefined,
      true,
    )
    .execute();
}

function orderedFields(fields: Fields): SelectedFieldsOrdered {
  return Object.entries(fields).map(([key, field]) => ({ path: [key], field }));
}

/** The fields as a select list, each under its key: for a statement's rows, or a CTE other statements share. */
export function selectList(fields: Fields): SQL {
  return sql.join(
    Object.entries(fields).map(([key, field]) => sql`${field} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/**
 * `source.column`: a schema column read through an alias, a CTE or a subquery that keeps its name,
 * typed and decoded as the schema's column. The column's own name comes from the schema too.
 */
export function columnOf<C extends Column>(source: string, column: C): SQL<GetColumnData<C>> {
  return sql`${sql.identifier(source)}.${sql.identifier(column.name)}`.mapWith(decoderOf(column));
}

/**
 * An expression whose values are a schema column's (a CTE's computed score, a coalesce…), typed and
 * decoded as it, never null (wrap it in `orNull` where it may be).
 */
export function asColumn<C extends Column>(column: C, expression: SQL): SQL<C['_']['data']> {
  return expression.mapWith(decoderOf(column));
}

/**
 * `source.column ->> 'key'`: a text member of a jsonb column (a translation's title), typed as the
 * schema's JSON type has it; null where the column or the member is.
 */
export function jsonText<C extends Column, K extends string & keyof NonNullable<GetColumnData<C>>>(
  source: string,
  column: C,
  key: K,
): SQL<Extract<NonNullable<GetColumnData<C>>[K], string> | null> {
  if (!/^\w+$/.test(key)) throw new Error(`jsonText: "${key}" is not a plain key`);
  return sql`${sql.identifier(source)}.${sql.identifier(column.name)} ->> ${sql.raw(`'${key}'`)}`;
}

/** The same value where an outer join or a scalar subquery may find no row. */
export function orNull<T>(expression: SQL<T>): SQL<T | null> {
  return expression;
}

function decoderOf<C extends Column>(column: C): DriverValueDecoder<C['_']['data'], unknown> {
  return { mapFromDriverValue: (value) => column.mapFromDriverValue(value) as C['_']['data'] };
}

/** The type of value an `sql<T>` expression gives. */
export type SqlType<S extends SQL<unknown>> = S['_']['type'];

/** A value as JSON carries it: a Date becomes its ISO text, objects and arrays keep their shape. */
export type Jsonified<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Jsonified<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonified<T[K]> }
      : T;

/**
 * A timestamp as jsonb carries it ('2026-12-03T06:00:00.123456+00:00'), written as the API writes times
 * (`Date#toISOString`: milliseconds, UTC).
 */
export function jsonTime(value: string): string {
  return new Date(value).toISOString();
}

/**
 * A table row as `to_jsonb`/`jsonb_agg` give it: the chosen columns under their database names, with
 * their JSON values. For a statement that returns some rows of a table inside a jsonb value.
 */
export type JsonRowOf<T extends Table, K extends keyof T['_']['columns']> = {
  [C in K as T['_']['columns'][C]['_']['name']]: Jsonified<GetColumnData<T['_']['columns'][C]>>;
};

/** `jsonb_build_object` over named fields, typed as the row they would give, as JSON carries it. */
export function jsonObject<F extends Fields>(fields: F): SQL<Jsonified<RowOf<F>>> {
  const pairs = Object.entries(fields).map(([key, field]) => {
    if (!/^\w+$/.test(key)) throw new Error(`jsonObject: "${key}" is not a plain key`);
    return sql`${sql.raw(`'${key}'`)}, ${field}`;
  });
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}
