import type { ComponentType } from 'react';
// Icons are imported one by one: the @ant-design/icons barrel would pull all of them in.
import BankOutlined from '@ant-design/icons/BankOutlined';
import BellOutlined from '@ant-design/icons/BellOutlined';
import BookOutlined from '@ant-design/icons/BookOutlined';
import CreditCardOutlined from '@ant-design/icons/CreditCardOutlined';
import DollarOutlined from '@ant-design/icons/DollarOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import MoneyCollectOutlined from '@ant-design/icons/MoneyCollectOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import ReconciliationOutlined from '@ant-design/icons/ReconciliationOutlined';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import TruckOutlined from '@ant-design/icons/TruckOutlined';
import AccountBookOutlined from '@ant-design/icons/AccountBookOutlined';

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
