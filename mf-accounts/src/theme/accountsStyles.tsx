/**
 * The accounts remote's own rules (the build has no CSS loader; React 19 hoists this <style> into
 * <head> once, whichever of the remote's modules renders first). Colours follow the shell's custom
 * properties (light and dark).
 */
export const ACCOUNTS_STYLES = `
.tb-accounts-root { color: var(--tb-text); }
.tb-muted { color: var(--tb-muted); }
.tb-danger { color: #dc2626; }
.tb-section-header { display: flex; flex-direction: column; gap: 12px; padding-top: 4px; }
.tb-section-header__row { display: flex; gap: 8px 16px; align-items: center; flex-wrap: wrap; }
.tb-section-header__row:empty { display: none; }
.tb-form { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 12px 16px; }
.tb-field { display: flex; flex-direction: column; gap: 4px; min-width: 0; }
.tb-field label { font-size: 13px; color: var(--tb-muted); }
.tb-duplicates { margin: 8px 0; padding-left: 18px; }
.tb-jump { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; max-width: 760px; }
.tb-jump__type { width: 120px; }
.tb-jump__operator { width: 124px; }
.tb-jump__input { flex: 1 1 260px; min-width: 0; }
.tb-hit { display: flex; flex-direction: column; gap: 2px; padding: 2px 0; white-space: normal; }
.tb-hit__title { display: flex; gap: 8px; align-items: baseline; justify-content: space-between; }
.tb-hit__name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; }
.tb-hit__id { color: var(--tb-muted); font-variant-numeric: tabular-nums; flex: none; }
.tb-hit__meta { display: flex; flex-wrap: wrap; column-gap: 12px; color: var(--tb-muted); font-size: 12px; }
.tb-record { display: flex; flex-wrap: wrap; gap: 16px 24px; align-items: flex-start; justify-content: space-between; padding: 16px 20px; background: var(--tb-surface); border: 1px solid var(--tb-border); border-radius: 12px; }
.tb-record__who { min-width: 0; flex: 1 1 260px; }
.tb-record__kind { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--tb-muted); margin: 0; }
.tb-record__name { margin: 2px 0 4px; font-size: 20px; font-weight: 650; line-height: 1.25; overflow-wrap: anywhere; }
.tb-record__line { display: flex; flex-wrap: wrap; column-gap: 14px; row-gap: 2px; color: var(--tb-muted); font-size: 13px; }
.tb-record__links { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 10px; }
.tb-figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(120px, 1fr)); gap: 8px 16px; flex: 2 1 420px; margin: 0; }
.tb-document__facts dd a { font-weight: 500; }
.tb-document__lines { margin-top: 16px; }
.tb-document__text { margin: 8px 0 0; max-width: 72ch; }
.tb-document__lines h3 { font-size: 15px; margin: 0 0 8px; }
.tb-line-detail { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 12px 24px; }
.tb-line-detail h4 { margin: 0 0 4px; font-size: 13px; }
.tb-line-detail__list { margin: 0; padding-left: 18px; }
.tb-figure { min-width: 0; }
.tb-figure dt { font-size: 12px; color: var(--tb-muted); margin: 0; }
.tb-figure dd { margin: 2px 0 0; font-size: 18px; font-weight: 600; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.tb-figure__delta { display: block; font-size: 12px; font-weight: 500; }
.tb-figure__delta--up { color: #16a34a; }
.tb-figure__delta--down { color: #dc2626; }
.tb-page { padding: 8px 0 24px; display: flex; flex-direction: column; gap: 16px; }
.tb-page__title { margin: 0; font-size: 22px; font-weight: 650; }
.tb-search-box { display: flex; flex-wrap: wrap; gap: 8px; max-width: 640px; }
.tb-search-box > .ant-input-affix-wrapper, .tb-search-box > input { flex: 1 1 200px; min-width: 0; }
.tb-search-box__items { display: flex; flex-wrap: wrap; gap: 8px; flex-basis: 100%; align-items: center; }
.tb-groups { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 16px; }
.tb-group { background: var(--tb-surface); border: 1px solid var(--tb-border); border-radius: 12px; padding: 12px 16px; min-width: 0; }
.tb-group__title { margin: 0 0 8px; font-size: 15px; font-weight: 600; display: flex; justify-content: space-between; gap: 8px; }
.tb-group__list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; }
.tb-group__list li + li { border-top: 1px solid var(--tb-border); }
.tb-result { display: block; padding: 8px 4px; color: inherit; text-decoration: none; border-radius: 6px; }
.tb-result:hover, .tb-result:focus-visible { background: var(--tb-accent-soft); outline: none; }
.tb-result--active { background: var(--tb-accent-soft); }
.tb-palette__input { margin-bottom: 8px; }
.tb-palette__results { max-height: min(60vh, 480px); overflow: auto; display: flex; flex-direction: column; gap: 8px; }
.tb-palette__kind { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--tb-muted); margin: 4px 4px 0; }
.tb-palette__hint { color: var(--tb-muted); font-size: 12px; margin-top: 8px; }
.tb-map-head { display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.tb-map-tabs { display: flex; gap: 4px; }
.tb-map-tabs a { padding: 6px 12px; border-radius: 8px; color: var(--tb-muted); text-decoration: none; font-weight: 500; border: 1px solid transparent; }
.tb-map-tabs a[aria-current="page"] { color: var(--tb-accent); background: var(--tb-surface); border-color: var(--tb-border); }
.tb-map-toolbar { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
.tb-map-toolbar .ant-select { min-width: 150px; }
.tb-map-layout { display: grid; grid-template-columns: minmax(0, 1fr) 340px; gap: 16px; align-items: start; }
.tb-map { position: relative; border: 1px solid var(--tb-border); border-radius: 12px; overflow: hidden; background: var(--tb-bg); }
.tb-map__canvas { height: min(68vh, 640px); width: 100%; }
.tb-map .leaflet-container { background: var(--tb-bg); font: inherit; }
.tb-state { fill: var(--tb-surface); fill-opacity: 1; stroke: var(--tb-border); stroke-width: 1; }
[data-theme="dark"] .tb-state { stroke: #334155; }
.tb-radius { fill: var(--tb-accent); fill-opacity: .06; stroke: var(--tb-accent); stroke-opacity: .7; stroke-dasharray: 6 4; stroke-width: 1.5; }
.tb-route-line { stroke: var(--tb-accent); stroke-width: 3; stroke-opacity: .85; fill: none; }
.tb-pin { background: none; border: 0; }
.tb-pin__dot { display: grid; place-items: center; width: 100%; height: 100%; border-radius: 50%; border: 2px solid #fff; box-shadow: 0 1px 3px rgba(0,0,0,.35); cursor: pointer; box-sizing: border-box; }
.tb-pin__dot--stop { color: #fff; font-size: 12px; font-weight: 700; }
.tb-cluster { background: none; border: 0; }
.tb-cluster span { display: grid; place-items: center; width: 100%; height: 100%; border-radius: 50%; background: var(--tb-accent); color: #fff; font-weight: 700; font-size: 12px; border: 3px solid color-mix(in srgb, var(--tb-accent) 35%, transparent); background-clip: padding-box; cursor: pointer; }
.tb-legend { position: absolute; right: 10px; bottom: 10px; z-index: 500; background: var(--tb-surface); border: 1px solid var(--tb-border); border-radius: 8px; padding: 8px 10px; font-size: 12px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
.tb-legend__title { margin: 0 0 4px; font-size: 12px; font-weight: 600; }
.tb-legend ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 2px; }
.tb-legend li { display: flex; align-items: center; gap: 6px; white-space: nowrap; }
.tb-legend__swatch { width: 10px; height: 10px; border-radius: 50%; border: 1px solid rgba(0,0,0,.2); flex: none; }
.tb-map-side { background: var(--tb-surface); border: 1px solid var(--tb-border); border-radius: 12px; padding: 12px 14px; max-height: min(68vh, 640px); overflow: auto; }
.tb-map-side__title { margin: 0 0 8px; font-size: 15px; font-weight: 600; }
.tb-map-list { counter-reset: none; }
.tb-planner { display: flex; flex-direction: column; gap: 12px; }
.tb-planner__pick, .tb-planner__actions { display: flex; gap: 8px; flex-wrap: wrap; }
.tb-stops { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.tb-stop { display: flex; align-items: center; gap: 6px; padding: 4px 0; border-bottom: 1px solid var(--tb-border); }
.tb-stop__number { display: grid; place-items: center; width: 22px; height: 22px; border-radius: 50%; background: var(--tb-accent); color: #fff; font-size: 12px; font-weight: 700; flex: none; }
.tb-stop__name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
@media (max-width: 1023.98px) {
  .tb-map-layout { grid-template-columns: 1fr; }
  .tb-map-side { max-height: none; }
}
@media (max-width: 767.98px) {
  .tb-map__canvas { height: 55vh; }
  .tb-map-toolbar .ant-select { flex: 1 1 140px; min-width: 0; }
  .tb-jump__type, .tb-jump__operator { flex: 1 1 120px; width: auto; }
  .tb-jump__input { flex: 1 1 100%; }
  .tb-record { padding: 12px 14px; }
  .tb-record__name { font-size: 18px; }
  .tb-groups { grid-template-columns: 1fr; }
  .tb-form { grid-template-columns: 1fr; }
}
`;

/** The remote's style element (deduplicated by React through its href). */
export function AccountsStyles() {
  return (
    <style href="tradeboard-accounts" precedence="medium">
      {ACCOUNTS_STYLES}
    </style>
  );
}
