/**
 * The UI kit's editing entry (`@tradeboard/shared/ui/edit`, see ./index.ts): text fields and pickers
 * of the editing tools and dialogs (rename, manage and share boards, filters, component library),
 * and the file picker of the spreadsheet imports (goals), loaded with the first of them.
 */
export { Input, Select, Upload } from 'antd';
export { default as InboxOutlined } from '@ant-design/icons/InboxOutlined';
export type { InputRef } from 'antd';
