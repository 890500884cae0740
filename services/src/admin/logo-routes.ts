/**
 * LogoMaster (seed 001 §7.5): the organization's logo images, uploaded through the one upload path.
 * Any signed-in user of the organization reads one (a component's or the documents' logo); adding
 * or replacing one needs the settings.global right. The organization's DocumentLogoMasterId setting
 * names the logo its invoice, order and quote PDFs carry (documentLogo).
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { INT4_MAX, LOGO_MAX_BYTES, logoMasterGet, logoMasterPost, logoMasterPut, type LogoRow } from '@tradeboard/shared/contracts';
import type { Db } from '../db/database.ts';
import { fileStorage, receiveUpload, sendStoredFile, storeThenRecord, uploadRoutes, type FileStorage } from '../files/index.ts';
import { HttpError } from '../platform/errors.ts';
import { serve } from '../platform/route.ts';
import { adminAudit } from './admin-area-routes.ts';
import { requireRight } from './rights.ts';

type Logo = Static<typeof LogoRow>;
/** The kinds of image a PDF can carry. */
const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
const UPLOAD = { what: 'a logo', maxBytes: LOGO_MAX_BYTES, types: LOGO_TYPES };

const COLUMNS = `l.logo_master_id AS "logoMasterId", l.file_name AS "fileName", l.content_type AS "contentType", l.byte_size::int AS "byteSize",
  to_char(l.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "updatedAt"`;
const ORGANIZATION = '(SELECT customer_master_id FROM app.user_master WHERE user_master_id = $1)';

/** One logo of the caller's organization, or null (another organization's, or none). */
async function logoOf(db: Db, userMasterId: number, logoMasterId: number): Promise<(Logo & { fileKey: string }) | null> {
  const { rows } = await db.query<Logo & { fileKey: string }>(
    `SELECT ${COLUMNS}, l.file_key AS "fileKey" FROM app.logo_master l WHERE l.customer_master_id = ${ORGANIZATION} AND l.logo_master_id = $2`,
    [userMasterId, logoMasterId],
  );
  return rows[0] ?? null;
}

/** One logo of the caller's organization; 404 for another's or none. */
async function findLogo(db: Db, userMasterId: number, logoMasterId: number): Promise<Logo & { fileKey: string }> {
  const logo = await logoOf(db, userMasterId, logoMasterId);
  if (!logo) throw new HttpError(404, `Logo ${logoMasterId} was not found`);
  return logo;
}

/**
 * The image the caller's documents carry (his organization's DocumentLogoMasterId), or null when
 * none is set or it is gone: a PDF is printed without a logo rather than refused.
 */
export async function documentLogo(db: Db, storage: FileStorage, userMasterId: number, logoMasterId: string | undefined): Promise<Buffer | null> {
  const id = Number(logoMasterId);
  if (!Number.isInteger(id) || id <= 0 || id > INT4_MAX) return null;
  const logo = await logoOf(db, userMasterId, id);
  return logo ? ((await storage.get(logo.fileKey))?.bytes ?? null) : null;
}

export async function logoRoutes(app: FastifyInstance): Promise<void> {
  const storage = fileStorage(app);

  serve(app, logoMasterGet, async (request, reply) => {
    const logo = await findLogo(app.db, request.user.userMasterId, request.params.logoMasterId);
    return sendStoredFile(reply, storage, logo.fileKey, logo.fileName, 'inline');
  });

  await uploadRoutes(
    app,
    (scope) => {
      serve(scope, logoMasterPost, async (request) => {
        const admin = await requireRight(request, 'settings.global');
        const file = await receiveUpload(request, UPLOAD);
        const logo = await storeThenRecord(storage, file.bytes, file.contentType, async (stored) => {
          const { rows } = await app.db.query<Logo>(
            `INSERT INTO app.logo_master AS l (customer_master_id, file_name, file_key, content_type, byte_size, created_by)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
            [admin.customerMasterId, file.fileName, stored.key, stored.contentType, stored.byteSize, admin.userMasterId],
          );
          return rows[0]!;
        });
        await adminAudit(request, admin, 'logo-changed', { logoMasterId: logo.logoMasterId, fileName: logo.fileName });
        return logo;
      });

      serve(scope, logoMasterPut, async (request) => {
        const admin = await requireRight(request, 'settings.global');
        const before = await findLogo(app.db, request.user.userMasterId, request.params.logoMasterId);
        const file = await receiveUpload(request, UPLOAD);
        const logo = await storeThenRecord(storage, file.bytes, file.contentType, async (stored) => {
          const { rows } = await app.db.query<Logo>(
            `UPDATE app.logo_master l SET file_name = $2, file_key = $3, content_type = $4, byte_size = $5, updated_at = now()
              WHERE l.logo_master_id = $1 RETURNING ${COLUMNS}`,
            [before.logoMasterId, file.fileName, stored.key, stored.contentType, stored.byteSize],
          );
          return rows[0]!;
        });
        await storage.delete(before.fileKey);
        await adminAudit(request, admin, 'logo-changed', { logoMasterId: logo.logoMasterId, fileName: logo.fileName, replaced: before.fileName });
        return logo;
      });
    },
    LOGO_MAX_BYTES,
  );
}
