import { describe, expect, it } from 'vitest';
import { BankOutlined, BellOutlined, MessageOutlined, ShoppingCartOutlined } from '@tradeboard/shared/ui';
import { FALLBACK_MENU_ICON, MENU_ICONS, menuIconFor } from './menuIcons.tsx';

describe('menuIconFor', () => {
  it("maps every seed icon name, and the Settings entry's cog, to an antd icon", () => {
    const names = ['bell', 'home', 'office building', 'scale', 'credit card', 'shopping cart', 'banknotes', 'library', 'user group', 'clipboard list', 'truck', 'cash', 'briefcase', 'money check', 'cog'];
    for (const name of names) expect(menuIconFor(name), name).not.toBe(FALLBACK_MENU_ICON);
    expect(Object.keys(MENU_ICONS)).toHaveLength(names.length);
  });

  it('ignores case, spaces, dashes and an Icon suffix', () => {
    expect(menuIconFor('Office Building')).toBe(BankOutlined);
    expect(menuIconFor('shopping-cart')).toBe(ShoppingCartOutlined);
    expect(menuIconFor('BellIcon')).toBe(BellOutlined);
  });

  it('shows a chat bubble for unknown or missing names', () => {
    expect(FALLBACK_MENU_ICON).toBe(MessageOutlined);
    expect(menuIconFor('question')).toBe(MessageOutlined);
    expect(menuIconFor('')).toBe(MessageOutlined);
    expect(menuIconFor(undefined)).toBe(MessageOutlined);
  });
});
