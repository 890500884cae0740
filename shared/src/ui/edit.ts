/**
 * The UI kit's editing entry (`@tradeboard/shared/ui/edit`, see ./index.ts): text fields and pickers
 * of the editing tools and dialogs (rename, manage and share boards, filters, component library),
 * loaded with the first of them.
 */
export { Input, Select } from 'antd';
export type { InputRef } from 'antd';
