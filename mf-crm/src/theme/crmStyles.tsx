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
.tb-crm-toolbar__field-filter { display: inline-flex; gap: 8px; flex-wrap: wrap; }
.tb-crm-nav { display: flex; gap: 4px; flex-wrap: wrap; padding-top: 8px; }
.tb-crm-nav a { padding: 4px 12px; border-radius: 999px; color: var(--tb-muted); text-decoration: none; border: 1px solid transparent; }
.tb-crm-nav a:hover { color: var(--tb-text); border-color: var(--tb-border); }
.tb-crm-nav a[aria-current='page'] { color: var(--tb-text); background: var(--tb-surface); border-color: var(--tb-border); font-weight: 600; }
.tb-crm-nav a:focus-visible { outline: 2px solid var(--tb-accent); outline-offset: 2px; }
.tb-crm-page__split { display: grid; grid-template-columns: minmax(260px, 1fr) minmax(0, 2.4fr); gap: 16px; align-items: start; }
.tb-crm-panel { background: var(--tb-surface); border: 1px solid var(--tb-border); border-radius: 12px; padding: 12px 16px; display: flex; flex-direction: column; gap: 10px; min-width: 0; }
.tb-crm-opportunity-kpis { display: flex; flex-direction: column; gap: 12px; }
.tb-crm-close-months { margin: 0; display: flex; flex-direction: column; gap: 6px; }
.tb-crm-close-months figcaption { font-size: 12px; }
.tb-crm-close-months ol { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: 8px; align-items: end; height: 120px; }
.tb-crm-close-months li { display: flex; flex-direction: column; justify-content: flex-end; align-items: stretch; height: 100%; min-width: 0; gap: 2px; }
.tb-crm-close-months__bar { display: block; background: var(--tb-accent); opacity: 0.75; border-radius: 4px 4px 0 0; min-height: 2px; }
.tb-crm-close-months__value { font-size: 11px; font-variant-numeric: tabular-nums; text-align: center; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tb-crm-close-months__label { font-size: 11px; text-align: center; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.tb-crm-funnel { margin: 0; display: flex; flex-direction: column; gap: 8px; }
.tb-crm-funnel ol { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.tb-crm-funnel__step { display: grid; grid-template-columns: minmax(90px, 0.9fr) minmax(0, 2fr) auto; gap: 8px; align-items: center; }
.tb-crm-funnel__name { font-size: 13px; overflow-wrap: anywhere; }
.tb-crm-funnel__track { display: flex; justify-content: center; background: color-mix(in srgb, var(--tb-border) 40%, transparent); border-radius: 4px; height: 20px; }
.tb-crm-funnel__bar { display: block; height: 100%; background: var(--tb-accent); border-radius: 4px; }
.tb-crm-funnel__step--won .tb-crm-funnel__bar { background: #389e0d; }
.tb-crm-funnel__step--lost .tb-crm-funnel__bar { background: #cf1322; opacity: 0.8; }
.tb-crm-funnel__figures { font-size: 12px; font-variant-numeric: tabular-nums; white-space: nowrap; }
.tb-crm-funnel figcaption { font-size: 12px; }
.tb-crm-pipeline-wrap { display: flex; flex-direction: column; gap: 8px; min-width: 0; }
.tb-crm-pipeline { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(200px, 1fr); gap: 10px; overflow-x: auto; padding-bottom: 6px; }
.tb-crm-pipeline__column { background: color-mix(in srgb, var(--tb-border) 25%, transparent); border: 1px solid var(--tb-border); border-radius: 10px; padding: 8px; display: flex; flex-direction: column; gap: 8px; min-height: 120px; max-height: 560px; }
.tb-crm-pipeline__column--over { outline: 2px dashed var(--tb-accent); outline-offset: -2px; }
.tb-crm-pipeline__head { display: flex; flex-direction: column; gap: 2px; font-size: 12px; }
.tb-crm-pipeline__stage { font-weight: 600; font-size: 13px; }
.tb-crm-pipeline__cards { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; overflow-y: auto; }
.tb-crm-pipeline__card { background: var(--tb-surface); border: 1px solid var(--tb-border); border-radius: 8px; padding: 8px; display: flex; flex-direction: column; gap: 4px; cursor: grab; min-width: 0; }
.tb-crm-pipeline__card:active { cursor: grabbing; }
.tb-crm-pipeline__account, .tb-crm-pipeline__figures { font-size: 12px; overflow-wrap: anywhere; }
.tb-crm-pipeline__card .ant-tag { align-self: flex-start; margin: 0; }
.tb-crm-links { display: flex; flex-direction: column; gap: 6px; }
.tb-crm-links__title { margin: 0; font-size: 14px; font-weight: 600; }
.tb-crm-links__list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; }
.tb-crm-links__list li { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 2px 0; overflow-wrap: anywhere; }
.tb-crm-strip__actions { display: flex; gap: 8px; flex-wrap: wrap; }
.tb-crm-contact-actions { justify-content: flex-end; }
.tb-crm-contacts { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 4px 16px; }
.tb-crm-contacts__item { display: flex; flex-direction: column; min-width: 0; padding: 4px 0; }
.tb-crm-contacts__detail { font-size: 12px; overflow-wrap: anywhere; }
.tb-crm-duplicates { margin: 0; padding-left: 18px; }
@media (max-width: 1099.98px) {
  .tb-crm-page__split { grid-template-columns: 1fr; }
}
@media (max-width: 767.98px) {
  .tb-crm-pipeline { grid-auto-columns: minmax(72vw, 1fr); }
  .tb-crm-close-months__value { display: none; }
  .tb-crm-timeline__item { grid-template-columns: auto minmax(0, 1fr); }
  .tb-crm-timeline__body { grid-column: 1 / -1; }
  .tb-crm-editor__dates { grid-template-columns: 1fr; }
  .tb-crm-toolbar .ant-input-affix-wrapper, .tb-crm-toolbar .ant-input, .tb-crm-toolbar .ant-select, .tb-crm-toolbar__field-filter { flex: 1 1 100%; max-width: none; }
  .tb-crm-kpis { grid-template-columns: repeat(2, minmax(0, 1fr)); }
}
.tb-crm-udf { border: 1px solid var(--tb-border); border-radius: 10px; padding: 10px 12px 12px; margin: 0; display: flex; flex-direction: column; gap: 12px; min-width: 0; }
.tb-crm-udf legend { font-size: 13px; font-weight: 600; padding: 0 4px; width: auto; margin: 0; border: 0; color: var(--tb-text); }
.tb-crm-udf__problem { color: var(--tb-danger, #d4380d); font-size: 12px; }
.tb-crm-dm__layout { display: grid; grid-template-columns: 220px minmax(0, 1fr); gap: 20px; align-items: start; }
.tb-crm-dm__nav { display: flex; flex-direction: column; gap: 2px; position: sticky; top: 8px; }
.tb-crm-dm__nav a { padding: 6px 12px; border-radius: 8px; color: var(--tb-muted); text-decoration: none; border: 1px solid transparent; }
.tb-crm-dm__nav a:hover { color: var(--tb-text); border-color: var(--tb-border); }
.tb-crm-dm__nav a[aria-current='page'] { color: var(--tb-text); background: var(--tb-surface); border-color: var(--tb-border); font-weight: 600; }
.tb-crm-dm__nav a:focus-visible { outline: 2px solid var(--tb-accent); outline-offset: 2px; }
.tb-crm-dm__pick { display: none; }
.tb-crm-dm__content { min-width: 0; display: flex; flex-direction: column; gap: 12px; }
.tb-crm-dm__content section { display: flex; flex-direction: column; gap: 12px; }
.tb-crm-dm__title { margin: 0; font-size: 17px; font-weight: 600; }
.tb-crm-dm__actions { display: inline-flex; gap: 6px; flex-wrap: wrap; }
@media (max-width: 760px) {
  .tb-crm-dm__layout { grid-template-columns: minmax(0, 1fr); gap: 12px; }
  .tb-crm-dm__nav { display: none; }
  .tb-crm-dm__pick { display: flex; }
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
