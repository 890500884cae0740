/**
 * The CRM remote's own rules (the build has no CSS loader; React 19 hoists this <style> into
 * <head> once, whichever of the remote's modules renders first). Colours follow the shell's custom
 * properties (light and dark).
 */
export const CRM_STYLES = `
.tb-crm-root { color: var(--tb-text); }
.tb-crm-muted { color: var(--tb-muted); }
.tb-crm-field { display: flex; flex-direction: column; gap: 4px; min-width: 0; }
.tb-crm-field label { font-size: 13px; color: var(--tb-muted); }
.tb-crm-editor { display: flex; flex-direction: column; gap: 14px; }
.tb-crm-editor__account { margin: 0; }
.tb-crm-editor__dates { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.tb-crm-editor__gps { font-size: 13px; line-height: 1.6; }
.tb-crm-editor__hint { font-size: 12px; margin: 0; }
.tb-crm-editor__footer { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: flex-end; }
.tb-crm-editor__spacer { flex: 1 1 auto; }
.tb-crm-strip { background: var(--tb-surface); border: 1px solid var(--tb-border); border-radius: 12px; padding: 12px 16px; display: flex; flex-direction: column; gap: 8px; }
.tb-crm-strip__head { display: flex; align-items: center; justify-content: space-between; gap: 8px; flex-wrap: wrap; }
.tb-crm-strip__title { margin: 0; font-size: 15px; font-weight: 600; }
.tb-crm-timeline { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; }
.tb-crm-timeline__item { display: grid; grid-template-columns: 96px auto minmax(0, 1fr); gap: 4px 10px; align-items: baseline; padding: 6px 0; }
.tb-crm-timeline__item + .tb-crm-timeline__item { border-top: 1px solid var(--tb-border); }
.tb-crm-timeline__item .ant-tag { justify-self: start; margin: 0; }
.tb-crm-timeline__date { font-variant-numeric: tabular-nums; color: var(--tb-muted); font-size: 13px; }
.tb-crm-timeline__body { display: flex; flex-direction: column; min-width: 0; }
.tb-crm-timeline__title { font-weight: 500; overflow-wrap: anywhere; }
.tb-crm-timeline__detail { font-size: 12px; overflow-wrap: anywhere; }
.tb-crm-link { all: unset; cursor: pointer; color: var(--tb-accent); font-weight: 500; overflow-wrap: anywhere; }
.tb-crm-link:hover { text-decoration: underline; }
.tb-crm-link:focus-visible { outline: 2px solid var(--tb-accent); outline-offset: 2px; border-radius: 4px; }
.tb-crm-page { padding: 8px 0 24px; display: flex; flex-direction: column; gap: 16px; }
.tb-crm-page__head { display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.tb-crm-page__title { margin: 0; font-size: 22px; font-weight: 650; }
.tb-crm-kpis { display: grid; grid-template-columns: repeat(auto-fit, minmax(130px, 1fr)); gap: 12px; margin: 0; }
.tb-crm-kpi { background: var(--tb-surface); border: 1px solid var(--tb-border); border-radius: 12px; padding: 10px 14px; min-width: 0; }
.tb-crm-kpi dt { font-size: 12px; color: var(--tb-muted); margin: 0; }
.tb-crm-kpi dd { margin: 2px 0 0; font-size: 22px; font-weight: 650; font-variant-numeric: tabular-nums; }
.tb-crm-toolbar { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
.tb-crm-toolbar .ant-input-affix-wrapper, .tb-crm-toolbar .ant-input { max-width: 320px; }
.tb-crm-toolbar .ant-select { min-width: 150px; }
@media (max-width: 767.98px) {
  .tb-crm-timeline__item { grid-template-columns: auto minmax(0, 1fr); }
  .tb-crm-timeline__body { grid-column: 1 / -1; }
  .tb-crm-editor__dates { grid-template-columns: 1fr; }
  .tb-crm-toolbar .ant-input-affix-wrapper, .tb-crm-toolbar .ant-input, .tb-crm-toolbar .ant-select { flex: 1 1 100%; max-width: none; }
  .tb-crm-kpis { grid-template-columns: repeat(2, minmax(0, 1fr)); }
}
`;

/** The remote's style element (deduplicated by React through its href). */
export function CrmStyles() {
  return (
    <style href="tradeboard-crm" precedence="medium">
      {CRM_STYLES}
    </style>
  );
}
