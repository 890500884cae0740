import { describe, expect, it } from 'vitest';
import { isSettingOn, mergeSettings, parseBoolean, settingValue, toggleValue } from './user-settings.ts';

describe('user settings', () => {
  it('keeps defaults and lets server values override them', () => {
    const merged = mergeSettings([{ settingName: 'FiscalYear', settingValue: '2026' }]);
    expect(settingValue(merged, 'FiscalYear')).toBe('2026');
    expect(settingValue(merged, 'InventoryDeadStockDays')).toBe('180');
    expect(isSettingOn(merged, 'AutoSortEnabled')).toBe(true);
    expect(isSettingOn(merged, 'AllowPageEditing')).toBe(false);
    expect(isSettingOn(merged, 'SomeUnknownFlag')).toBe(false);
  });

  it('parses booleans the seed way', () => {
    for (const yes of ['true', '1', 'y', 'TRUE', ' Y ']) expect(parseBoolean(yes)).toBe(true);
    for (const no of ['false', '0', 'n', '', 'yes', undefined]) expect(parseBoolean(no)).toBe(false);
  });
});

describe('toggles', () => {
  const toggles = [
    { toggleName: 'CustomerModeEnabled', toggleValue: 'true', valueType: 1 },
    { toggleName: 'Upper', toggleValue: 'True', valueType: 1 },
    { toggleName: 'SalesRepSplitsApplied', toggleValue: 'SETTING_SPLITS', valueType: 1 },
    { toggleName: 'Text', toggleValue: 'abc', valueType: 2 },
  ];
  it('reads valueType 1 as true only for the text true', () => {
    expect(toggleValue(toggles, 'CustomerModeEnabled')).toBe(true);
    expect(toggleValue(toggles, 'Upper')).toBe(false);
  });
  it('keeps SETTING_ values and other types raw, and missing toggles false', () => {
    expect(toggleValue(toggles, 'SalesRepSplitsApplied')).toBe('SETTING_SPLITS');
    expect(toggleValue(toggles, 'Text')).toBe('abc');
    expect(toggleValue(toggles, 'Missing')).toBe(false);
  });
});
