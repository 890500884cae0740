/**
 * The admin remote's own rules (the build has no CSS loader; React 19 hoists this <style> into
 * <head> once). Colours follow the shell's custom properties (light and dark).
 */
export const ADMIN_STYLES = `
.tb-admin-root { color: var(--tb-text); }
.tb-admin-root .tb-visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.tb-admin-title { margin: 0 0 4px; font-size: 22px; font-weight: 650; }
.tb-admin-nav { margin-bottom: 16px; background: transparent; }
.tb-admin-page { display: flex; flex-direction: column; gap: 16px; }
.tb-admin-panel { background: var(--tb-surface); border: 1px solid var(--tb-border); border-radius: 12px; padding: 16px 20px; }
.tb-admin-panel h2 { margin: 0 0 12px; font-size: 16px; font-weight: 600; }
.tb-admin-toolbar { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; justify-content: space-between; }
.tb-admin-toolbar__search { flex: 1 1 240px; max-width: 360px; }
.tb-admin-form { display: grid; gap: 12px; max-width: 440px; }
.tb-admin-field { display: flex; flex-direction: column; gap: 4px; min-width: 0; }
.tb-admin-field > span { font-size: 13px; color: var(--tb-muted); }
.tb-admin-muted { color: var(--tb-muted); font-size: 13px; }
.tb-admin-group { margin: 0; padding: 8px 0 4px; font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--tb-muted); }
.tb-admin-value { font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.tb-admin-modules { display: grid; gap: 12px; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); }
.tb-admin-module { display: flex; flex-direction: column; gap: 8px; }
.tb-admin-module__head { display: flex; align-items: center; justify-content: space-between; gap: 12px; }
.tb-admin-module__title { margin: 0; font-size: 15px; font-weight: 600; }
.tb-admin-feature { display: flex; align-items: center; justify-content: space-between; gap: 8px; font-size: 13px; }
.tb-admin-reason { font-size: 13px; color: #b45309; }
[data-theme='dark'] .tb-admin-reason { color: #fbbf24; }
.tb-admin-panel h3 { margin: 0; font-size: 15px; font-weight: 600; overflow-wrap: anywhere; }
.tb-admin-steps { display: grid; gap: 12px; margin: 0 0 16px; padding-left: 20px; }
.tb-admin-steps > li { display: flex; flex-direction: column; align-items: flex-start; gap: 8px; }
.tb-admin-actions { display: inline-flex; gap: 8px; flex-wrap: wrap; }
.tb-admin-progress { width: 100%; max-width: 360px; accent-color: var(--tb-accent, #1677ff); }
.tb-admin-problems { margin: 0; padding-left: 16px; color: #b42318; font-size: 13px; }
[data-theme='dark'] .tb-admin-problems { color: #fda29b; }
.tb-admin-panel .tb-admin-panel { margin-top: 12px; }
.tb-admin-form--wide { max-width: none; }
.tb-admin-switch { display: flex; align-items: center; gap: 8px; font-size: 14px; }
.tb-admin-filter { display: grid; grid-template-columns: minmax(120px, 1fr) minmax(120px, 1fr) minmax(160px, 2fr) auto; gap: 8px; align-items: start; margin: 0; padding: 0; border: 0; min-width: 0; }
.tb-admin-filter__values > * { width: 100%; }
.tb-admin-notification { display: flex; flex-direction: column; gap: 2px; align-items: flex-start; }
.tb-admin-unread > td { background: var(--tb-accent-soft); }
.tb-admin-logo { margin: 0 0 12px; padding: 12px; display: inline-flex; max-width: 100%; background: #fff; border: 1px solid var(--tb-border); border-radius: 8px; }
.tb-admin-logo img { display: block; max-width: min(320px, 100%); max-height: 96px; object-fit: contain; }
@media (max-width: 600px) {
  .tb-admin-panel { padding: 12px; }
  .tb-admin-toolbar__search { max-width: none; }
  .tb-admin-filter { grid-template-columns: 1fr 1fr auto; }
  .tb-admin-filter__values { grid-column: 1 / -1; grid-row: 2; }
}
`;

export function AdminStyles() {
  return (
    <style href="tb-admin-styles" precedence="default">
      {ADMIN_STYLES}
    </style>
  );
}
