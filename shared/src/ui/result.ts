/**
 * `@tradeboard/shared/ui/result`: antd's Result with its 403/404/500 illustrations, in an entry of
 * its own so that no page downloads it until it shows an error or empty state. Apps use the `Result`
 * of `@tradeboard/shared/ui` (lazyResult.tsx), which loads this entry when first drawn.
 */
export { Result } from 'antd';
