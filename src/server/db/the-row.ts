/**
 * The one row a statement always yields: an INSERT … RETURNING of one row, an UPDATE … RETURNING of a row
 * the transaction holds locked, an aggregate without GROUP BY. Its absence is a bug, not a case to handle,
 * so it throws (a 500) naming the statement instead of letting `undefined` travel on.
 */
export function theRow<T>(rows: readonly T[], statement: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`${statement} returned no row`);
  return row;
}
