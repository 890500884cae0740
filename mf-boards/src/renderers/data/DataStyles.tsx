import type { ReactNode } from 'react';

const CSS = `
.tb-data { display: flex; flex-direction: column; gap: 12px; min-width: 0; }
/* One wrapping row: search, operator, advanced search, export at the end; the advanced form below. */
.tb-data__toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
.tb-data__export { display: inline-flex; align-items: center; gap: 8px; margin-left: auto; order: 1; }
.tb-search { display: contents; }
.tb-search__row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
.tb-search__advanced { order: 2; flex-basis: 100%; display: flex; flex-direction: column; gap: 8px; padding: 8px; border: 1px solid var(--tb-border); border-radius: 8px; }
.tb-kpi { display: grid; gap: 2px; }
.tb-kpi__label { color: var(--tb-muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
.tb-kpi__value { font-size: 28px; font-weight: 600; line-height: 1.2; font-variant-numeric: tabular-nums; }
.tb-kpi__comparison { display: flex; flex-wrap: wrap; gap: 12px; align-items: baseline; }
.tb-kpi__trend { font-weight: 600; font-variant-numeric: tabular-nums; }
.tb-kpi__trend--up { color: #16a34a; }
.tb-kpi__trend--down { color: #dc2626; }
.tb-negative { color: #dc2626; }
.tb-chart { display: flex; flex-direction: column; gap: 8px; }
.tb-chart__tabs { display: flex; flex-wrap: wrap; gap: 4px; }
.tb-tiles { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 8px; }
.tb-tile { display: flex; flex-direction: column; gap: 2px; padding: 10px 12px; border: 1px solid var(--tb-border); border-radius: 8px; }
.tb-tile__label { color: var(--tb-muted); font-size: 12px; }
.tb-tile__value { font-size: 20px; font-variant-numeric: tabular-nums; }
.tb-edit-tools { display: flex; flex-direction: column; gap: 8px; padding: 8px; border: 1px dashed var(--tb-border); border-radius: 8px; }
.tb-edit-tools__parts { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; }
.tb-edit-tools__switch { display: inline-flex; align-items: center; gap: 6px; }
.tb-edit-tools__period { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.tb-edit-tools__columns { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
.tb-edit-tools__columns li { display: flex; align-items: center; gap: 8px; }
.tb-edit-tools__title { flex: 1; }
`;

/** The data components' styles, once per page (React hoists and dedupes by href). */
export function DataStyles(): ReactNode {
  return (
    <style href="tb-data-components" precedence="default">
      {CSS}
    </style>
  );
}
