/**
 * The UI kit's data entry (`@tradeboard/shared/ui/data`, see ./index.ts): the data components'
 * tables and search (mf-boards renderers/data), loaded with the first data component.
 */
export { Input, Select, Table } from 'antd';
export type { TableProps } from 'antd';
