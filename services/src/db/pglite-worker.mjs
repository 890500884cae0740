// Runs the embedded PGlite database in a worker thread and serves it over the PostgreSQL
// wire protocol on a loopback port, so its (blocking) queries never stall the gateway.
import { createWriteStream, readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import tar from 'tar-stream';

// Analytics may keep this thread busy for seconds; running it at a lower priority (Linux: a
// thread is its own scheduling entity) keeps the gateway's thread responsive on small machines.
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  setPriority(threadId, 10);
} catch {
  // not Linux, or not allowed: run at normal priority
}

// A snapshot (a dump of another database's files) makes the start a copy instead of a new database.
// pg_trgm: the trigram indexes that answer the searches' `%text%` matches (migration 240); cube:
// the map's nearest-first index (migration 260).
const db = await PGlite.create(workerData.dataDir, {
  extensions: { cube, pg_trgm },
  ...(workerData.snapshot ? { loadDataDir: new Blob([readFileSync(workerData.snapshot)]) } : {}),
});
// PGlite is one session: one connection, and the pool in front of it holds one client.
const server = new PGLiteSocketServer({ db, path: workerData.socketPath, maxConnections: 1 });
await server.start();
parentPort.postMessage({ type: 'listening' });

/**
 * The database's files, as a tar, to `file`: after a checkpoint, and without the WAL segments
 * before its redo point or after the current one (recycled, kept for reuse up to min_wal_size):
 * a start from the copy needs none of them, and they were half of a test template's 135 MB,
 * which every test file's database reads.
 */
async function dump(file) {
  await db.exec('CHECKPOINT');
  const {
    rows: [wal],
  } = await db.query('SELECT redo_wal_file AS first, pg_walfile_name(pg_current_wal_lsn()) AS last FROM pg_control_checkpoint()');
  const spare = (name) => {
    const segment = /^\/?pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    return segment !== undefined && (segment < wal.first || segment > wal.last);
  };
  const files = await db.dumpDataDir('none');
  const extract = tar.extract();
  const pack = tar.pack();
  extract.on('entry', (header, stream, next) => {
    if (spare(header.name)) {
      stream.on('end', next).resume();
    } else {
      stream.pipe(pack.entry(header, next));
    }
  });
  extract.on('finish', () => pack.finalize());
  await Promise.all([pipeline(Readable.fromWeb(files.stream()), extract), pipeline(pack, createWriteStream(file))]);
}

parentPort.on('message', async (message) => {
  if (message?.type === 'dump') {
    await dump(message.file);
    parentPort.postMessage({ type: 'dumped' });
  }
  if (message?.type === 'close') {
    await server.stop();
    await db.close();
    parentPort.postMessage({ type: 'closed' });
  }
});
