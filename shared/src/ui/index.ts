/**
 * Tradeboard's UI kit: the antd components, hooks and theme and the icons the apps use — and
 * nothing else. Shared as one Module Federation singleton (`@tradeboard/shared/ui`), so every app
 * sees the same antd instance (one ConfigProvider context, one style cache) with the same set of
 * components, tree-shaken to this list. Apps import UI from here only, never from `antd` or
 * `@ant-design/icons` (shared/src/ui/imports.test.ts checks it).
 *
 * To use another component or icon: add it here (icons one by one — the icons barrel would pull
 * in every icon).
 */
export {
  Alert,
  App,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  ConfigProvider,
  Drawer,
  Dropdown,
  Form,
  Input,
  Layout,
  Menu,
  Modal,
  Result,
  Skeleton,
  Spin,
  Switch,
  Typography,
  theme,
} from 'antd';
export type { InputRef, MenuProps } from 'antd';

export { default as AccountBookOutlined } from '@ant-design/icons/AccountBookOutlined';
export { default as BankOutlined } from '@ant-design/icons/BankOutlined';
export { default as BellFilled } from '@ant-design/icons/BellFilled';
export { default as BellOutlined } from '@ant-design/icons/BellOutlined';
export { default as BookOutlined } from '@ant-design/icons/BookOutlined';
export { default as CreditCardOutlined } from '@ant-design/icons/CreditCardOutlined';
export { default as DollarOutlined } from '@ant-design/icons/DollarOutlined';
export { default as DownOutlined } from '@ant-design/icons/DownOutlined';
export { default as EyeInvisibleOutlined } from '@ant-design/icons/EyeInvisibleOutlined';
export { default as EyeOutlined } from '@ant-design/icons/EyeOutlined';
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
