/**
 * Tradeboard's UI kit: the antd components, hooks and theme and the icons the apps use — and
 * nothing else. Its entries, each a Module Federation singleton served by the shell's build (so
 * every app sees the same antd instance: one ConfigProvider context, one style cache, the antd
 * code the entries have in common in chunks of their own):
 * - `@tradeboard/shared/ui` (this file): the chrome and board viewing, loaded by every signed-in page;
 * - `@tradeboard/shared/ui/data` (data.ts): the data components' tables and search, loaded with the
 *   first data component;
 * - `@tradeboard/shared/ui/edit` (edit.ts): text fields and pickers of the editing tools and dialogs,
 *   loaded with the first of them (they are lazy: React.lazy);
 * - `@tradeboard/shared/ui/feedback` (feedback.ts): messages, dialogs, drawers and alerts, loaded with
 *   the first one shown: this file's `useFeedback`, `Modal`, `Drawer` and `Alert` (lazyFeedback.tsx)
 *   stand in for antd's App.useApp(), Modal, Drawer and Alert;
 * - `@tradeboard/shared/ui/result` (result.ts): the Result's illustrations, loaded with the first one;
 * - `@tradeboard/shared/ui/select` (select.ts): Select and AutoComplete, loaded when the user first
 *   points at or focuses one: this file's `Select` and `AutoComplete` (lazySelect.tsx) are drawn as
 *   antd's markup until then.
 * Apps import UI from these only, never from `antd` or `@ant-design/icons`
 * (shared/src/ui/imports.test.ts checks it).
 *
 * antd runs in zero-runtime mode (themeTokens' `zeroRuntime`): the host page links the static
 * styles of exactly these components and those they render, extracted at build time
 * (shared/build/antd-styles.mjs); the theme reaches them as CSS variables.
 *
 * To use another component or icon: add it to the entry that needs it (icons one by one — the icons
 * barrel would pull in every icon); its styles follow on the next build. Every export of this file
 * is downloaded by every signed-in page, so keep the list to what the
 * apps use (Card, Form, Input and Checkbox went when the sign-in pages stopped using antd; the
 * sign-in pages use none of this kit, so /login loads no antd at all).
 */
export {
  Avatar,
  Badge,
  Button,
  ConfigProvider,
  Dropdown,
  Layout,
  Menu,
  Skeleton,
  Spin,
  Switch,
  theme,
} from 'antd';
export type { MenuProps } from 'antd';
export { Result } from './lazyResult.tsx';
export { Alert, Drawer, FeedbackRoot, Modal, useFeedback, type Feedback } from './lazyFeedback.tsx';

export { default as AccountBookOutlined } from '@ant-design/icons/AccountBookOutlined';
export { default as BankOutlined } from '@ant-design/icons/BankOutlined';
export { default as BellFilled } from '@ant-design/icons/BellFilled';
export { default as BellOutlined } from '@ant-design/icons/BellOutlined';
export { default as BookOutlined } from '@ant-design/icons/BookOutlined';
export { default as CreditCardOutlined } from '@ant-design/icons/CreditCardOutlined';
export { default as DollarOutlined } from '@ant-design/icons/DollarOutlined';
export { default as DownOutlined } from '@ant-design/icons/DownOutlined';
export { default as HomeOutlined } from '@ant-design/icons/HomeOutlined';
export { default as LeftOutlined } from '@ant-design/icons/LeftOutlined';
export { default as LogoutOutlined } from '@ant-design/icons/LogoutOutlined';
export { default as MenuOutlined } from '@ant-design/icons/MenuOutlined';
export { default as MessageOutlined } from '@ant-design/icons/MessageOutlined';
export { default as MoneyCollectOutlined } from '@ant-design/icons/MoneyCollectOutlined';
export { default as ProfileOutlined } from '@ant-design/icons/ProfileOutlined';
export { default as ReconciliationOutlined } from '@ant-design/icons/ReconciliationOutlined';
export { default as RightOutlined } from '@ant-design/icons/RightOutlined';
export { default as ShoppingCartOutlined } from '@ant-design/icons/ShoppingCartOutlined';
export { default as SolutionOutlined } from '@ant-design/icons/SolutionOutlined';
export { default as TeamOutlined } from '@ant-design/icons/TeamOutlined';
export { default as TruckOutlined } from '@ant-design/icons/TruckOutlined';

// Boards (mf-boards): section and board pages, cards, component library, share dialog.
export { Empty, Popconfirm, Tag, Tooltip } from 'antd';
export { default as AppstoreAddOutlined } from '@ant-design/icons/AppstoreAddOutlined';
export { default as ArrowDownOutlined } from '@ant-design/icons/ArrowDownOutlined';
export { default as ArrowUpOutlined } from '@ant-design/icons/ArrowUpOutlined';
export { default as BoldOutlined } from '@ant-design/icons/BoldOutlined';
export { default as CheckCircleFilled } from '@ant-design/icons/CheckCircleFilled';
export { default as CloseCircleFilled } from '@ant-design/icons/CloseCircleFilled';
export { default as CopyOutlined } from '@ant-design/icons/CopyOutlined';
export { default as DeleteOutlined } from '@ant-design/icons/DeleteOutlined';
export { default as EditOutlined } from '@ant-design/icons/EditOutlined';
export { default as HolderOutlined } from '@ant-design/icons/HolderOutlined';
export { default as ItalicOutlined } from '@ant-design/icons/ItalicOutlined';
export { default as LinkOutlined } from '@ant-design/icons/LinkOutlined';
export { default as MoreOutlined } from '@ant-design/icons/MoreOutlined';
export { default as OrderedListOutlined } from '@ant-design/icons/OrderedListOutlined';
export { default as PlusOutlined } from '@ant-design/icons/PlusOutlined';
export { default as SaveOutlined } from '@ant-design/icons/SaveOutlined';
export { default as SearchOutlined } from '@ant-design/icons/SearchOutlined';
export { default as SettingOutlined } from '@ant-design/icons/SettingOutlined';
export { default as ShareAltOutlined } from '@ant-design/icons/ShareAltOutlined';
export { default as StarFilled } from '@ant-design/icons/StarFilled';
export { default as StarOutlined } from '@ant-design/icons/StarOutlined';
export { default as UnderlineOutlined } from '@ant-design/icons/UnderlineOutlined';
export { default as UnorderedListOutlined } from '@ant-design/icons/UnorderedListOutlined';
export { default as UserOutlined } from '@ant-design/icons/UserOutlined';

// Data components (mf-boards renderers/data): export, filters (their tables and search: ./data.ts).
export { default as DownloadOutlined } from '@ant-design/icons/DownloadOutlined';
export { default as FilterOutlined } from '@ant-design/icons/FilterOutlined';

// Accounts (mf-accounts): the jump-to's type-ahead and pickers (drawn at once, loaded when first
// used: ./select.ts), the record header's and the map route planner's icons.
export { AutoComplete, Select } from './lazySelect.tsx';
export { default as EnvironmentOutlined } from '@ant-design/icons/EnvironmentOutlined';
export { default as FileTextOutlined } from '@ant-design/icons/FileTextOutlined';
export { default as SwapOutlined } from '@ant-design/icons/SwapOutlined';
