import { describe, expect, it } from 'vitest';
import { GOAL_GROUP_BY_NAMES, GOAL_GROUP_BYS } from '@tradeboard/shared/contracts';
import { levelOptions, setLevel, visibleLevels } from './HierarchyBuilder.tsx';

const options = GOAL_GROUP_BYS.map((g) => ({ groupByValueField: g, groupByName: GOAL_GROUP_BY_NAMES[g] }));
const values = (list: Array<{ groupByValueField: string }>) => list.map((o) => o.groupByValueField);

describe('the hierarchy builder (seed 000 §4)', () => {
  it('reveals Hierarchy 1 with a goal type and each next level once the previous is set, up to 5', () => {
    expect(visibleLevels('', [])).toBe(0);
    expect(visibleLevels('SalesRep', ['', '', '', '', ''])).toBe(1);
    expect(visibleLevels('SalesRep', ['Branch', '', '', '', ''])).toBe(2);
    expect(visibleLevels('SalesRep', ['Branch', 'Customer', 'ProductGroup', 'Complete', 'Company'])).toBe(5);
  });
  it('clearing a level clears the deeper ones', () => {
    expect(setLevel(['Branch', 'Customer', 'ProductGroup', '', ''], 2, '')).toEqual(['Branch', '', '', '', '']);
    expect(setLevel(['Branch', '', '', '', ''], 2, 'Customer')).toEqual(['Branch', 'Customer', '', '', '']);
  });
  it('excludes FiscalMonth always, Company below level 1, Complete for activity, and what other levels use', () => {
    expect(values(levelOptions('Sales', options, 'SalesRep', [], 1))).toEqual(['Company', 'Branch', 'Customer', 'ProductGroup', 'Complete']);
    expect(values(levelOptions('Sales', options, 'SalesRep', ['Branch'], 2))).toEqual(['Customer', 'ProductGroup', 'Complete']);
    expect(values(levelOptions('Activity', options, 'Customer', [], 1))).toEqual(['Company', 'Branch', 'SalesRep', 'ProductGroup']);
    // A level keeps its own choice among its options.
    expect(values(levelOptions('Sales', options, 'SalesRep', ['Branch', 'Customer'], 2))).toContain('Customer');
  });
});
