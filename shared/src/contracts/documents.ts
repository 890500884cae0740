import { Type } from 'typebox';
import { Choice } from './choices.ts';
import { ErrorBody, NoContent, RowId } from './common.ts';
import { defineContract } from './contract.ts';

// Issue 24: files attached to accounts and documents (DocLink), account images (CustomerImage)
// and the documents' PDFs. Uploads go through the one upload path (services/src/files): a
// multipart/form-data body with the file in a field named `file`, its type read from the bytes,
// each call with its own size limit. Downloads answer the bytes with their type and a
// Content-Disposition naming the file.

const session = { service: 'analytics', access: 'session' } as const;
const Code = Type.String({ minLength: 1, maxLength: 60 });
const Company = Type.String({ minLength: 1, maxLength: 40 });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const uploadErrors = { ...errors, 413: ErrorBody, 415: ErrorBody };
/** A file in the answer: the bytes, typed by Content-Type, named by Content-Disposition. */
export const FileBytes = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'The file, its type in Content-Type and its name in Content-Disposition' });

// ------------------------------------------------------------------------------ DocLink
/** What a file can be attached to. */
export const DOC_LINK_SOURCES = ['Customer', 'ShipTo', 'Supplier', 'Invoice', 'Order', 'Quote', 'PurchaseOrder'] as const;
export const DocLinkSource = Choice(DOC_LINK_SOURCES, 'What the file is attached to: an account or a document');
/** The most a document link's file may be. */
export const DOC_LINK_MAX_BYTES = 20 * 1024 * 1024;
/** A file path as DocLink/List answers it: source/company/id/fileName, each part URI-encoded. */
export const FilePath = Type.String({ minLength: 1, maxLength: 1000, description: 'A path DocLink/List answered: source/company/id/fileName' });

export const DocLinkFile = Type.Object({
  fileName: Type.String(),
  filePath: Type.String(),
  contentType: Type.String(),
  byteSize: Type.Integer(),
  uploadedBy: Type.Union([Type.String(), Type.Null()]),
  uploadedAt: Type.String(),
});

export const docLinkUpload = defineContract({
  method: 'POST',
  path: '/DocLink/{source}',
  ...session,
  summary: `Attaches a file (multipart, field file; at most ${DOC_LINK_MAX_BYTES / 1024 / 1024} MB: PDF, image, office document, text) to one of your accounts or documents; query id (its number), id2 (company), fileName (optional: the name to keep). A file of the same name is replaced`,
  params: Type.Object({ source: DocLinkSource }),
  querystring: Type.Object({ id: Code, id2: Company, fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }),
  response: { 200: DocLinkFile, ...uploadErrors },
});

export const docLinkList = defineContract({
  method: 'POST',
  path: '/DocLink/List',
  ...session,
  summary: 'The files attached to one of your accounts or documents, newest first',
  body: Type.Object({ source: DocLinkSource, id: Code, id2: Company }),
  response: { 200: Type.Object({ files: Type.Array(DocLinkFile) }), ...errors },
});

export const docLinkDownload = defineContract({
  method: 'POST',
  path: '/DocLink/Download',
  ...session,
  summary: "An attached file's bytes (query filePath from DocLink/List); a path with .. or / at the start is a 400, another account's file a 404",
  querystring: Type.Object({ filePath: FilePath }),
  response: { 200: FileBytes, ...errors },
});

export const docLinkDelete = defineContract({
  method: 'DELETE',
  path: '/DocLink',
  ...session,
  summary: 'Removes an attached file (query filePath from DocLink/List)',
  querystring: Type.Object({ filePath: FilePath }),
  response: { 204: NoContent, ...errors },
});

// ------------------------------------------------------------------------------ CustomerImage
export const CUSTOMER_IMAGE_TYPES = ['Logo', 'Storefront', 'Building', 'Product', 'Display', 'Other'] as const;
export const CUSTOMER_IMAGE_ENTITY_TYPES = ['Customer', 'ShipTo', 'Supplier'] as const;
export const CustomerImageType = Choice(CUSTOMER_IMAGE_TYPES, 'What the image shows');
export const CustomerImageEntityType = Choice(CUSTOMER_IMAGE_ENTITY_TYPES, 'The kind of account the image belongs to');
/** The most an account image may be. */
export const CUSTOMER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const CustomerImageItem = Type.Object({
  customerImageId: Type.Integer(),
  entityType: Type.String(),
  entityId: Type.String(),
  company: Type.String(),
  imageType: Type.String(),
  description: Type.String(),
  fileName: Type.String(),
  contentType: Type.String(),
  byteSize: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
const Account = { entityType: CustomerImageEntityType, entityId: Code, company: Company };

export const customerImageTypes = defineContract({
  method: 'GET',
  path: '/CustomerImage/Types',
  ...session,
  summary: 'The kinds of account image (Logo, Storefront …)',
  response: { 200: Type.Array(Type.Object({ imageType: Type.String(), description: Type.String() })), 401: ErrorBody },
});

export const customerImageEntityTypes = defineContract({
  method: 'GET',
  path: '/CustomerImage/EntityTypes',
  ...session,
  summary: 'The kinds of account an image can belong to',
  response: { 200: Type.Array(Type.Object({ entityType: Type.String(), description: Type.String() })), 401: ErrorBody },
});

export const customerImageList = defineContract({
  method: 'GET',
  path: '/CustomerImage/List',
  ...session,
  summary: "One of your accounts' images (query entityType, entityId, company), newest first",
  querystring: Type.Object(Account),
  response: { 200: Type.Array(CustomerImageItem), ...errors },
});

export const customerImageById = defineContract({
  method: 'GET',
  path: '/CustomerImage/{id}',
  ...session,
  summary: "An image of one of your accounts: its bytes (shown inline), 404 for another's",
  params: Type.Object({ id: RowId }),
  response: { 200: FileBytes, ...errors },
});

export const customerImageDelete = defineContract({
  method: 'DELETE',
  path: '/CustomerImage/{id}',
  ...session,
  summary: 'Removes an image of one of your accounts',
  params: Type.Object({ id: RowId }),
  response: { 204: NoContent, ...errors },
});

export const customerImageAdd = defineContract({
  method: 'POST',
  path: '/CustomerImage/Add',
  ...session,
  summary: `Adds an image (multipart, field file; PNG, JPEG, GIF or WebP, at most ${CUSTOMER_IMAGE_MAX_BYTES / 1024 / 1024} MB) to one of your accounts; query entityType, entityId, company, imageType, description`,
  querystring: Type.Object({ ...Account, imageType: CustomerImageType, description: Type.Optional(Type.String({ maxLength: 500 })) }),
  response: { 200: CustomerImageItem, ...uploadErrors },
});

export const customerImageUpdate = defineContract({
  method: 'POST',
  path: '/CustomerImage/Update/{id}',
  ...session,
  summary: "Changes an image's type or description",
  params: Type.Object({ id: RowId }),
  body: Type.Object({ imageType: Type.Optional(CustomerImageType), description: Type.Optional(Type.String({ maxLength: 500 })) }),
  response: { 200: CustomerImageItem, ...errors },
});

// ------------------------------------------------------------------------------ PDFs
const Printed = Type.Optional(Type.Boolean({ description: 'Print as a copy already printed (marks the PDF "Reprint")' }));
const pdfErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const invoicePdf = defineContract({
  method: 'POST',
  path: '/Invoice/GenerateInvoicePdf/{invoiceNumber}',
  ...session,
  summary: 'One of your invoices as a PDF (query printed); the name in Content-Disposition',
  params: Type.Object({ invoiceNumber: Type.String({ minLength: 1, maxLength: 40 }) }),
  querystring: Type.Object({ printed: Printed, company: Type.Optional(Company) }),
  response: { 200: FileBytes, ...pdfErrors },
});

export const orderPdf = defineContract({
  method: 'POST',
  path: '/Order/GenerateOrderPdf',
  ...session,
  summary: 'One of your orders as a PDF (body orderNumber, company optional); the name in Content-Disposition',
  body: Type.Object({ orderNumber: Type.String({ minLength: 1, maxLength: 40 }), company: Type.Optional(Company) }),
  response: { 200: FileBytes, ...pdfErrors },
});

export const quotePdf = defineContract({
  method: 'POST',
  path: '/Quote/GenerateQuotePdf',
  ...session,
  summary: 'One of your quotes as a PDF (body quoteNumber, company optional); the name in Content-Disposition',
  body: Type.Object({ quoteNumber: Type.String({ minLength: 1, maxLength: 40 }), company: Type.Optional(Company) }),
  response: { 200: FileBytes, ...pdfErrors },
});
