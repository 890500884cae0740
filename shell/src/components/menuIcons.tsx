import type { ComponentType } from 'react';
// Icons come from the UI kit, which imports each one by one (the icons barrel would pull in all).
import {
  BankOutlined,
  BellOutlined,
  BookOutlined,
  CreditCardOutlined,
  DollarOutlined,
  HomeOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  ProfileOutlined,
  ReconciliationOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
  TruckOutlined,
  AccountBookOutlined,
} from '@tradeboard/shared/ui';

export type MenuIcon = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

/** Seed §2 icon names (normalised: lower case, letters only) → the closest antd icon. */
export const MENU_ICONS: Readonly<Record<string, MenuIcon>> = {
  bell: BellOutlined,
  home: HomeOutlined,
  officebuilding: BankOutlined,
  scale: ReconciliationOutlined,
  creditcard: CreditCardOutlined,
  shoppingcart: ShoppingCartOutlined,
  banknotes: MoneyCollectOutlined,
  library: BookOutlined,
  usergroup: TeamOutlined,
  clipboardlist: ProfileOutlined,
  truck: TruckOutlined,
  cash: DollarOutlined,
  briefcase: SolutionOutlined,
  moneycheck: AccountBookOutlined,
  // The settings entry administrators get (not in the seed's list).
  cog: SettingOutlined,
};

/** Unknown names show a chat bubble. */
export const FALLBACK_MENU_ICON: MenuIcon = MessageOutlined;

export function normaliseIconName(name: string | null | undefined): string {
  return (name ?? '')
    .replace(/Icon$/, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

export function menuIconFor(name: string | null | undefined): MenuIcon {
  return MENU_ICONS[normaliseIconName(name)] ?? FALLBACK_MENU_ICON;
}
