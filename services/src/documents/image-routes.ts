/**
 * CustomerImage (seed 001 §7.12): images of the caller's accounts (customers, ship-tos and, with
 * PurchaseAccessRight, suppliers), uploaded through the one upload path. Every call finds the
 * image within the caller's organization and checks its account like every read: another rep's
 * account's image answers 404.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import {
  CUSTOMER_IMAGE_ENTITY_TYPES,
  CUSTOMER_IMAGE_MAX_BYTES,
  CUSTOMER_IMAGE_TYPES,
  customerImageAdd,
  customerImageById,
  customerImageDelete,
  customerImageEntityTypes,
  customerImageList,
  customerImageTypes,
  customerImageUpdate,
  type CustomerImageItem,
} from '@tradeboard/shared/contracts';
import { erpCall, type ErpCall } from '../analytics/erp-common.ts';
import { fileStorage, IMAGE_TYPES, receiveUpload, sendStoredFile, storeThenRecord, uploadRoutes } from '../files/index.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import type { SessionUser } from '../platform/session.ts';
import { checkSource, DOCUMENT_SETTINGS } from './document-scope.ts';

type Item = Static<typeof CustomerImageItem>;
const TYPE_TEXT: Record<string, string> = {
  Logo: 'The account’s logo',
  Storefront: 'The storefront',
  Building: 'The building or yard',
  Product: 'A product on site',
  Display: 'A display or shelf',
  Other: 'Another image',
};
const ENTITY_TEXT: Record<string, string> = { Customer: 'Customer', ShipTo: 'Ship-to', Supplier: 'Supplier' };

const COLUMNS = `i.customer_image_id AS "customerImageId", i.entity_type AS "entityType", i.entity_id AS "entityId", i.company, i.image_type AS "imageType",
  i.description, i.file_name AS "fileName", i.content_type AS "contentType", i.byte_size AS "byteSize",
  to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt", to_char(i.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"`;

const imageCall = (db: FastifyInstance['db'], user: SessionUser) => erpCall(db, user, DOCUMENT_SETTINGS);

const ORGANIZATION = '(SELECT customer_master_id FROM app.user_master WHERE user_master_id = $1)';

/** One image of the caller's organization whose account he may touch; 404 otherwise. */
async function findImage(call: ErpCall, user: SessionUser, id: number): Promise<Item & { fileKey: string }> {
  const { rows } = await call.db.query<Item & { fileKey: string }>(
    `SELECT ${COLUMNS}, i.file_key AS "fileKey" FROM app.customer_image i WHERE i.customer_master_id = ${ORGANIZATION} AND i.customer_image_id = $2`,
    [user.userMasterId, id],
  );
  const image = rows[0];
  if (!image) throw new HttpError(404, `Image ${id} was not found`);
  await checkSource(call, image.entityType as 'Customer', image.entityId, image.company).catch((error: unknown) => {
    // An account the caller may not read: its images do not exist for him.
    if (error instanceof HttpError && error.statusCode === 404) throw new HttpError(404, `Image ${id} was not found`);
    throw error;
  });
  return image;
}

const item = ({ fileKey: _key, ...rest }: Item & { fileKey?: string }): Item => rest;

export async function customerImageRoutes(app: FastifyInstance): Promise<void> {
  const storage = fileStorage(app);

  serve(app, customerImageTypes, async () => CUSTOMER_IMAGE_TYPES.map((imageType) => ({ imageType, description: TYPE_TEXT[imageType]! })));
  serve(app, customerImageEntityTypes, async () => CUSTOMER_IMAGE_ENTITY_TYPES.map((entityType) => ({ entityType, description: ENTITY_TEXT[entityType]! })));

  serve(app, customerImageList, async (request) => {
    const call = await imageCall(app.db, request.user);
    const { entityType, entityId, company } = request.query;
    await checkSource(call, entityType, entityId, company);
    const { rows } = await app.db.query<Item>(
      `SELECT ${COLUMNS} FROM app.customer_image i
        WHERE i.customer_master_id = ${ORGANIZATION} AND i.entity_type = $2 AND i.entity_id = $3 AND i.company = $4
        ORDER BY i.created_at DESC, i.customer_image_id DESC LIMIT 500`,
      [request.user.userMasterId, entityType, entityId, company],
    );
    return rows;
  });

  serve(app, customerImageById, async (request, reply) => {
    const image = await findImage(await imageCall(app.db, request.user), request.user, request.params.id);
    return sendStoredFile(reply, storage, image.fileKey, image.fileName, 'inline');
  });

  serve(app, customerImageDelete, async (request, reply) => {
    const image = await findImage(await imageCall(app.db, request.user), request.user, request.params.id);
    await app.db.query('DELETE FROM app.customer_image WHERE customer_image_id = $1', [image.customerImageId]);
    await storage.delete(image.fileKey);
    return reply.status(204).send();
  });

  serve(app, customerImageUpdate, async (request) => {
    const image = await findImage(await imageCall(app.db, request.user), request.user, request.params.id);
    const { imageType, description } = request.body;
    const { rows } = await app.db.query<Item>(
      `UPDATE app.customer_image i SET image_type = coalesce($2, image_type), description = coalesce($3, description), updated_at = now()
        WHERE i.customer_image_id = $1 RETURNING ${COLUMNS}`,
      [image.customerImageId, imageType ?? null, description?.trim() ?? null],
    );
    return rows[0]!;
  });

  await uploadRoutes(
    app,
    (scope) => {
      serve(scope, customerImageAdd, async (request) => {
        const call = await imageCall(app.db, request.user);
        const { entityType, entityId, company, imageType, description } = request.query;
        await checkSource(call, entityType, entityId, company);
        const file = await receiveUpload(request, { what: 'an image', maxBytes: CUSTOMER_IMAGE_MAX_BYTES, types: IMAGE_TYPES });
        return storeThenRecord(storage, file.bytes, file.contentType, async (stored) => {
          const { rows } = await app.db.query<Item>(
            `INSERT INTO app.customer_image AS i (customer_master_id, entity_type, entity_id, company, image_type, description, file_name, file_key, content_type, byte_size, created_by)
             VALUES (${ORGANIZATION}, $2, $3, $4, $5, $6, $7, $8, $9, $10, $1) RETURNING ${COLUMNS}`,
            [request.user.userMasterId, entityType, entityId, company, imageType, description?.trim() ?? '', file.fileName, stored.key, stored.contentType, stored.byteSize],
          );
          return item(rows[0]!);
        });
      });
    },
    CUSTOMER_IMAGE_MAX_BYTES,
  );
}
