// Runs the embedded PGlite database in a worker thread and serves it over the PostgreSQL
// wire protocol on a loopback port, so its (blocking) queries never stall the gateway.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const db = await PGlite.create(workerData.dataDir);
// PGlite is one session: one connection, and the pool in front of it holds one client.
const server = new PGLiteSocketServer({ db, path: workerData.socketPath, maxConnections: 1 });
await server.start();
parentPort.postMessage({ type: 'listening' });

parentPort.on('message', async (message) => {
  if (message?.type === 'close') {
    await server.stop();
    await db.close();
    parentPort.postMessage({ type: 'closed' });
  }
});
