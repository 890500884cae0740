import type pg from 'pg';

/** A column of a bulk-loaded table: its name and the PostgreSQL type of its array parameter. */
export type Column = readonly [name: string, type: 'text' | 'int' | 'bigint' | 'numeric' | 'date' | 'bool' | 'float8'];

export type Cell = string | number | boolean | null;

/**
 * Buffers rows per table and writes them with one `INSERT … SELECT FROM unnest(…)` per batch.
 * One statement is in flight at a time while the caller keeps generating the next batch, so
 * the database (another thread or process) and the generator work side by side.
 */
export class BatchWriter {
  private readonly tables = new Map<string, TableBuffer>();
  private inFlight: Promise<unknown> | null = null;
  private failure: unknown = null;
  readonly counts: Record<string, number> = {};

  constructor(
    private readonly client: pg.PoolClient,
    /** Cells (rows × columns) per statement. */
    private readonly batchCells = 60_000,
  ) {}

  /** `onConflict` ends each statement (an upsert's `ON CONFLICT … DO UPDATE`). */
  define(table: string, columns: readonly Column[], onConflict = ''): TableBuffer {
    const buffer = new TableBuffer(this, table, columns, Math.max(500, Math.floor(this.batchCells / columns.length)), onConflict);
    this.tables.set(table, buffer);
    this.counts[table] = 0;
    return buffer;
  }

  /** Sends one batch, after the previous statement has finished. */
  async send(table: string, sql: string, values: Cell[][], rows: number): Promise<void> {
    await this.settle();
    this.counts[table] += rows;
    this.inFlight = this.client.query(sql, values).catch((error: unknown) => {
      this.failure ??= new Error(`Loading ${table} failed: ${(error as Error).message}`);
    });
  }

  private async settle(): Promise<void> {
    if (this.inFlight) {
      const pending = this.inFlight;
      this.inFlight = null;
      await pending;
    }
    if (this.failure) throw this.failure;
  }

  /** Writes every buffered row and waits for the database. */
  async flush(): Promise<void> {
    for (const buffer of this.tables.values()) await buffer.flush();
    await this.settle();
  }
}

export class TableBuffer {
  private columns: Cell[][];
  private rows = 0;
  private readonly sql: string;

  constructor(
    private readonly writer: BatchWriter,
    readonly table: string,
    readonly columnDefs: readonly Column[],
    private readonly batchRows: number,
    onConflict: string,
  ) {
    this.columns = columnDefs.map(() => []);
    const names = columnDefs.map(([name]) => name).join(', ');
    const params = columnDefs.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
    this.sql = `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${params})${onConflict ? ` ${onConflict}` : ''}`;
  }

  /** Adds one row (values in column order); resolves at once unless a batch had to be sent. */
  add(row: Cell[]): Promise<void> | undefined {
    const columns = this.columns;
    for (let i = 0; i < columns.length; i++) columns[i].push(row[i]);
    if (++this.rows >= this.batchRows) return this.flush();
    return undefined;
  }

  async flush(): Promise<void> {
    if (this.rows === 0) return;
    const values = this.columns;
    const rows = this.rows;
    this.columns = this.columnDefs.map(() => []);
    this.rows = 0;
    await this.writer.send(this.table, this.sql, values, rows);
  }
}

/**
 * Drops the secondary indexes (neither primary nor unique: an upsert's ON CONFLICT needs those) of
 * the `erp` tables named, inside the caller's transaction, and answers a function that builds them
 * again: one build after a bulk load is much cheaper than maintaining them row by row. The tables
 * are locked until the transaction ends.
 */
export async function withoutSecondaryIndexes(client: pg.PoolClient, tables: readonly string[]): Promise<{ count: number; rebuild: () => Promise<void> }> {
  if (tables.length === 0) return { count: 0, rebuild: async () => undefined };
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `SELECT quote_ident(n.nspname) || '.' || quote_ident(ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_class tc ON tc.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = tc.relnamespace
      WHERE n.nspname = 'erp' AND tc.relname = ANY($1) AND NOT i.indisprimary AND NOT i.indisunique
      ORDER BY ic.relname`,
    [tables],
  );
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  return {
    count: indexes.length,
    rebuild: async () => {
      const { rows } = await client.query<{ v: string }>('SELECT version() AS v');
      if (!rows[0]!.v.includes('PGlite')) await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
      for (const index of indexes) await client.query(index.def);
    },
  };
}
