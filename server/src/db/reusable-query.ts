/**
 * A query compiled once and run with new parameters: building and compiling a Kysely query costs
 * more than running a small indexed query in SQLite, and the per-request auth lookup is the
 * hottest query of the API. The query is built with sentinel values; the compiled parameter list
 * records where each named argument goes, so the SQL text (and its prepared statement) is reused.
 */
import { TableNode, type Compilable, type CompiledQuery, type Kysely, type OperationNode } from 'kysely';

type Argument = string | number;

function sentinel(name: string): string {
  return `\u0000reusable-query:${name}`;
}

export function reusableQuery<Args extends Record<string, Argument>, Row, DB>(
  names: readonly (keyof Args & string)[],
  /** Gets placeholder values in place of the arguments: they must only be bound as parameters. */
  build: (db: Kysely<DB>, args: Args) => Compilable<Row>,
): {
  run(db: Kysely<DB>, args: Args): Promise<Row[]>;
  /** The names of the tables the query reads (its FROM and JOIN clauses, subqueries included). */
  tablesRead(db: Kysely<DB>): string[];
} {
  // One compilation per database handle (SQLite and PostgreSQL write different SQL).
  const compiledByDb = new WeakMap<Kysely<DB>, { query: CompiledQuery<Row>; slots: (keyof Args | null)[] }>();
  // Strings stand in for every argument type: they only ever reach the parameter list.
  const sentinels = Object.fromEntries(names.map((name) => [name, sentinel(name)])) as unknown as Args;
  const nameOf = new Map<unknown, keyof Args>(names.map((name) => [sentinel(name), name]));

  function compiledFor(db: Kysely<DB>) {
    let entry = compiledByDb.get(db);
    if (!entry) {
      const query = build(db, sentinels).compile();
      const slots = query.parameters.map((value) => nameOf.get(value) ?? null);
      const missing = names.filter((name) => !slots.includes(name));
      if (missing.length > 0) throw new Error(`reusableQuery: unused argument(s) ${missing.join(', ')}`);
      entry = { query, slots };
      compiledByDb.set(db, entry);
    }
    return entry;
  }

  return {
    async run(db, args) {
      const { query, slots } = compiledFor(db);
      const parameters = slots.map((slot, index) => (slot === null ? query.parameters[index] : args[slot]));
      const result = await db.executeQuery<Row>({ ...query, parameters });
      return result.rows;
    },
    tablesRead(db) {
      return [...tableNames(compiledFor(db).query.query)];
    },
  };
}

function tableNames(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const child of node) tableNames(child, found);
  } else if (node && typeof node === 'object') {
    if (TableNode.is(node as OperationNode)) found.add((node as TableNode).table.identifier.name);
    for (const child of Object.values(node)) tableNames(child, found);
  }
  return found;
}
