/**
 * The MySQL/MariaDB backup: a logical export (what mysqldump --single-transaction writes) produced as a
 * stream: every base table's CREATE TABLE, then its rows as batched INSERTs, read in one consistent snapshot
 * and escaped by the driver. Rows stream from the server with back-pressure, so no table is ever held in
 * memory whole, however large.
 */
import type { Knex } from 'knex';
import mysql from 'mysql2';
import { TimeSlice } from '../../lib/time-slice';

/** Rows per INSERT statement, and a size cap well under max_allowed_packet (16 MiB by default). */
const ROWS_PER_INSERT = 500;
const BYTES_PER_INSERT = 1 << 20;

/** A value the server sent as text that must be written as is: exact numbers, never rounded by JS. */
class SqlNumber {
  constructor(readonly text: string) {}
}

interface Field {
  type: string;
  extendedFormat?: string;
  string(encoding?: string): string | null;
}

/** Numbers keep the server's own digits; JSON stays the server's text (mysql2 would parse it). */
function typeCast(field: Field, next: () => unknown): unknown {
  switch (field.type) {
    case 'DECIMAL':
    case 'NEWDECIMAL':
    case 'LONGLONG':
    case 'FLOAT':
    case 'DOUBLE': {
      const text = field.string('ascii');
      return text === null ? null : new SqlNumber(text);
    }
    case 'JSON':
      return field.string('utf8');
    default:
      return field.extendedFormat === 'json' ? field.string('utf8') : next();
  }
}

function literal(value: unknown): string {
  if (value instanceof SqlNumber) return value.text;
  if (value === null || value === undefined) return 'NULL';
  // Strings, Buffers (X'…'), numbers and booleans: the driver's escaping (sqlstring).
  return mysql.escape(value as Parameters<typeof mysql.escape>[0]);
}

interface RawConnection {
  query(options: { sql: string; values?: unknown[]; typeCast?: unknown; rowsAsArray?: boolean }): {
    stream(options?: { highWaterMark?: number }): AsyncIterable<unknown[]> & {
      destroy(): void;
    };
  };
  query(
    sql: string,
    values: unknown[],
    callback: (error: Error | null, rows: unknown) => void,
  ): void;
  destroy(): void;
}

function run<T>(connection: RawConnection, sql: string, values: unknown[] = []): Promise<T> {
  return new Promise((resolve, reject) =>
    connection.query(sql, values, (error, rows) => (error ? reject(error) : resolve(rows as T))),
  );
}

const now = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

/**
 * The dump, piece by piece. It holds one pooled connection from the first piece to the last; stopping early
 * (the download was cancelled) closes that connection rather than leave half a result on it.
 */
export async function* dumpMysql(db: Knex): AsyncGenerator<string> {
  const connection = (await db.client.acquireConnection()) as RawConnection;
  let clean = false;
  let timeZone: string | undefined;
  try {
    const [zone] = await run<Array<{ tz: string }>>(connection, 'SELECT @@session.time_zone AS tz');
    timeZone = zone!.tz;
    // TIMESTAMP values are written in UTC, and the header makes the restoring session read them as UTC.
    await run(connection, "SET time_zone = '+00:00'");
    await run(connection, 'SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await run(connection, 'START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
    const [{ database, version }] = (await run<Array<{ database: string; version: string }>>(
      connection,
      'SELECT DATABASE() AS `database`, VERSION() AS version',
    )) as [{ database: string; version: string }];
    yield [
      `-- MoverAtlas logical backup of database ${database}`,
      `-- Server ${version}; written ${now()} UTC in one consistent snapshot.`,
      '-- Restore: mysql --default-character-set=utf8mb4 <database> < this-file.sql',
      '',
      'SET NAMES utf8mb4;',
      "SET time_zone = '+00:00';",
      'SET @OLD_FOREIGN_KEY_CHECKS = @@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS = 0;',
      'SET @OLD_UNIQUE_CHECKS = @@UNIQUE_CHECKS, UNIQUE_CHECKS = 0;',
      // Rows with id 0 keep it; backslash escapes (as the driver writes them) stay on.
      "SET @OLD_SQL_MODE = @@SQL_MODE, SQL_MODE = 'NO_AUTO_VALUE_ON_ZERO';",
      '',
      '',
    ].join('\n');

    const tables = await run<Array<{ name: string }>>(
      connection,
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    for (const { name } of tables) {
      const [create] = await run<Array<Record<string, string>>>(
        connection,
        'SHOW CREATE TABLE ??',
        [name],
      );
      const ddl = create!['Create Table']!;
      yield `-- Table ${name}\nDROP TABLE IF EXISTS ${mysql.escapeId(name)};\n${ddl};\n\n`;

      // Generated columns are computed again on restore; an INSERT may not name them.
      const columns = (
        await run<Array<{ name: string; extra: string }>>(
          connection,
          `SELECT column_name AS name, extra FROM information_schema.columns
            WHERE table_schema = DATABASE() AND table_name = ? ORDER BY ordinal_position`,
          [name],
        )
      )
        .filter((c) => !/\b(VIRTUAL|STORED|PERSISTENT) GENERATED\b/i.test(c.extra))
        .map((c) => c.name);
      if (columns.length === 0) continue;
      const head = `INSERT INTO ${mysql.escapeId(name)} (${columns.map((c) => mysql.escapeId(c)).join(', ')}) VALUES\n`;

      const rows = connection
        .query({
          sql: `SELECT ${columns.map((c) => mysql.escapeId(c)).join(', ')} FROM ${mysql.escapeId(name)}`,
          typeCast,
          rowsAsArray: true,
        })
        .stream({ highWaterMark: 256 });
      let batch: string[] = [];
      let batchBytes = 0;
      // Buffered rows resume the loop as microtasks: without a turn now and then, a large table would hold
      // every other request for as long as its dump takes.
      const slice = new TimeSlice();
      for await (const row of rows) {
        await slice.pause();
        const tuple = `(${row.map(literal).join(',')})`;
        batch.push(tuple);
        batchBytes += tuple.length;
        if (batch.length >= ROWS_PER_INSERT || batchBytes >= BYTES_PER_INSERT) {
          yield `${head}${batch.join(',\n')};\n`;
          batch = [];
          batchBytes = 0;
        }
      }
      if (batch.length > 0) yield `${head}${batch.join(',\n')};\n`;
      yield '\n';
    }

    yield [
      'SET SQL_MODE = @OLD_SQL_MODE;',
      'SET UNIQUE_CHECKS = @OLD_UNIQUE_CHECKS;',
      'SET FOREIGN_KEY_CHECKS = @OLD_FOREIGN_KEY_CHECKS;',
      `-- Backup complete: ${tables.length} tables.`,
      '',
    ].join('\n');
    await run(connection, 'COMMIT');
    await run(connection, 'SET time_zone = ?', [timeZone]);
    clean = true;
  } finally {
    // A connection left mid-result or mid-transaction is closed; the pool replaces it.
    if (!clean) connection.destroy();
    await db.client.releaseConnection(connection);
  }
}
