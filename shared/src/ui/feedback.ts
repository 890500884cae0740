/**
 * `@tradeboard/shared/ui/feedback`: antd's App (the message, notification and modal holders),
 * Modal, Drawer and Alert, in an entry of their own so that no page downloads them until it shows
 * a message, a dialog, a drawer or an alert. Apps use `useFeedback`, `Modal`, `Drawer` and `Alert`
 * of `@tradeboard/shared/ui` (lazyFeedback.tsx), which load this entry when first used.
 */
export { Alert, App, Drawer, Modal } from 'antd';
