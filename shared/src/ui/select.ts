/**
 * `@tradeboard/shared/ui/select`: antd's Select and AutoComplete (a Select typed into), in an entry
 * of their own so that no page downloads them until one is used. Apps use `Select` and
 * `AutoComplete` of `@tradeboard/shared/ui` (lazySelect.tsx), drawn as antd's markup until first
 * pointed at or focused, which load this entry then (the jump-to of the home boards); the tables'
 * and editing tools' pickers come with their entries (ui/data, ui/edit).
 */
export { AutoComplete, Select } from 'antd';
