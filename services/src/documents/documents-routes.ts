import type { FastifyInstance } from 'fastify';
import { docLinkRoutes } from './doclink-routes.ts';
import { customerImageRoutes } from './image-routes.ts';
import { pdfRoutes } from './pdf-routes.ts';

/** Issue 24's calls: files attached to accounts and documents, account images, the documents' PDFs. */
export async function documentsRoutes(app: FastifyInstance): Promise<void> {
  await docLinkRoutes(app);
  await customerImageRoutes(app);
  await pdfRoutes(app);
}
