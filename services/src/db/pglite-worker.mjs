// Runs the embedded PGlite database in a worker thread and serves it over the PostgreSQL
// wire protocol on a loopback port, so its (blocking) queries never stall the gateway.
import { readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

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

parentPort.on('message', async (message) => {
  if (message?.type === 'dump') {
    const files = await db.dumpDataDir('none');
    writeFileSync(message.file, Buffer.from(await files.arrayBuffer()));
    parentPort.postMessage({ type: 'dumped' });
  }
  if (message?.type === 'close') {
    await server.stop();
    await db.close();
    parentPort.postMessage({ type: 'closed' });
  }
});
