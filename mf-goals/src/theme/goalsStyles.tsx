/**
 * The goals remote's own rules (the build has no CSS loader; React 19 hoists this <style> into
 * <head> once). Colours follow the shell's custom properties (light and dark).
 */
export const GOALS_STYLES = `
.tb-goals-root { color: var(--tb-text); }
.tb-goals-root select { min-height: 32px; padding: 4px 8px; border-radius: 6px; border: 1px solid var(--tb-border); background: var(--tb-surface); color: inherit; font: inherit; }
.tb-goals-root[data-theme='dark'] select { color-scheme: dark; }
.tb-goals-page { padding: 8px 0 24px; display: flex; flex-direction: column; gap: 16px; }
.tb-goals-page h1 { margin: 0; font-size: 22px; font-weight: 650; }
.tb-goals-panels { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 16px; align-items: start; }
.tb-goals-panel { background: var(--tb-surface); border: 1px solid var(--tb-border); border-radius: 12px; padding: 16px; display: flex; flex-direction: column; gap: 12px; min-width: 0; }
.tb-goals-panel h2 { margin: 0; font-size: 18px; }
.tb-goals-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.tb-goals-row > .tb-grow { flex: 1 1 160px; min-width: 0; }
.tb-goals-year { border-top: 1px solid var(--tb-border); padding-top: 10px; display: flex; flex-direction: column; gap: 8px; }
.tb-goals-year h3 { margin: 0; font-size: 15px; }
.tb-goals-setup { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: space-between; padding: 6px 8px; border-radius: 8px; background: var(--tb-bg, transparent); border: 1px solid var(--tb-border); }
.tb-goals-setup__name { font-weight: 600; cursor: text; background: none; border: 0; color: inherit; padding: 2px 0; text-align: left; min-width: 0; overflow-wrap: anywhere; font: inherit; }
.tb-goals-muted { color: var(--tb-muted); font-size: 13px; }
.tb-goals-error { color: #dc2626; font-size: 13px; }
.tb-goals-warning { color: #dc2626; font-weight: 600; }
.tb-goals-builder { display: flex; flex-direction: column; gap: 8px; }
.tb-goals-builder label { display: flex; flex-direction: column; gap: 4px; font-size: 13px; color: var(--tb-muted); }
.tb-goals-breadcrumb { display: flex; gap: 6px; align-items: center; font-size: 14px; }
.tb-goals-breadcrumb a { color: var(--tb-primary, #2563eb); }
.tb-goals-summary { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; }
.tb-goals-summary dt { color: var(--tb-muted); }
.tb-goals-summary dd { margin: 0; font-weight: 600; }
.tb-goals-summary .tb-level { padding-left: calc(var(--level) * 12px); }
.tb-goals-section { background: var(--tb-surface); border: 1px solid var(--tb-border); border-radius: 12px; padding: 12px 16px; }
.tb-goals-section > summary { cursor: pointer; font-weight: 650; font-size: 16px; }
.tb-goals-steps { margin: 8px 0; padding-left: 20px; }
.tb-goals-grid { position: relative; overflow: auto; contain: strict; border: 1px solid var(--tb-border); border-radius: 8px; max-height: 60vh; }
.tb-goals-grid table { border-collapse: separate; border-spacing: 0; table-layout: fixed; min-width: 100%; }
.tb-goals-grid th, .tb-goals-grid td { overflow: hidden; text-overflow: ellipsis; }
.tb-goals-grid th button, .tb-goals-grid th input.tb-filter { display: block; max-width: 100%; overflow: hidden; text-overflow: ellipsis; }
.tb-goals-delete { background: none; border: 0; border-radius: 6px; color: #dc2626; cursor: pointer; padding: 6px 8px; font-size: 16px; line-height: 1; }
.tb-goals-delete:hover { background: rgba(220, 38, 38, 0.1); }
.tb-goals-grid th { position: sticky; top: 0; z-index: 1; background: var(--tb-surface); text-align: left; padding: 4px 6px; border-bottom: 1px solid var(--tb-border); font-size: 13px; white-space: nowrap; }
.tb-goals-grid th button { background: none; border: 0; color: inherit; font: inherit; font-weight: 600; cursor: pointer; padding: 0; }
.tb-goals-grid td { height: 50px; padding: 0 6px; border-bottom: 1px solid var(--tb-border); white-space: nowrap; }
.tb-goals-grid input.tb-cell { width: 100%; min-width: 0; box-sizing: border-box; background: transparent; color: inherit; border: 1px solid var(--tb-border); border-radius: 6px; padding: 4px 6px; font: inherit; }
.tb-goals-grid span.tb-cell { display: block; overflow: hidden; text-overflow: ellipsis; box-sizing: border-box; border: 1px solid var(--tb-border); border-radius: 6px; padding: 4px 6px; }
.tb-goals-grid .tb-preview span.tb-goals-delete { display: inline-block; cursor: default; }
.tb-goals-grid input.tb-filter { width: 100%; min-width: 0; box-sizing: border-box; margin-top: 4px; background: transparent; color: inherit; border: 1px solid var(--tb-border); border-radius: 6px; padding: 2px 6px; font: inherit; font-weight: 400; }
.tb-goals-grid tr.tb-dirty td { background: rgba(245, 158, 11, 0.08); }
.tb-goals-toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
.tb-goals-upload { margin-top: 12px; max-width: 560px; }
.tb-goals-toasts { position: fixed; top: 72px; right: 16px; z-index: 2000; display: flex; flex-direction: column; gap: 8px; max-width: min(360px, calc(100vw - 32px)); }
.tb-goals-toast { border-radius: 8px; padding: 10px 36px 10px 14px; color: #fff; box-shadow: 0 6px 20px rgba(0,0,0,.2); position: relative; animation: tb-goals-in .2s ease-out; }
.tb-goals-toast--leaving { animation: tb-goals-out .4s ease-in forwards; }
.tb-goals-toast--success { background: #16a34a; }
.tb-goals-toast--error { background: #dc2626; }
.tb-goals-toast--warning { background: #d97706; }
.tb-goals-toast strong { display: block; }
.tb-goals-toast button { position: absolute; top: 6px; right: 8px; background: none; border: 0; color: inherit; font-size: 18px; cursor: pointer; }
@keyframes tb-goals-in { from { opacity: 0; transform: translateY(-8px); } to { opacity: 1; transform: none; } }
@keyframes tb-goals-out { from { opacity: 1; } to { opacity: 0; transform: translateY(-8px); } }
.tb-goal-card { display: flex; flex-direction: column; gap: 10px; }
.tb-goal-card__row { display: flex; flex-direction: column; gap: 4px; padding: 8px 0; border-bottom: 1px solid var(--tb-border); }
.tb-goal-card__head { display: flex; justify-content: space-between; gap: 8px; flex-wrap: wrap; font-weight: 600; }
.tb-goal-card__bar { height: 8px; background: var(--tb-border); border-radius: 4px; overflow: hidden; }
.tb-goal-card__bar span { display: block; height: 100%; background: #16a34a; }
.tb-goal-card__bar--behind span { background: #d97706; }
.tb-goal-card__figures { display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 13px; color: var(--tb-muted); font-variant-numeric: tabular-nums; }
.tb-goal-card__pace { font-size: 13px; }
@media (max-width: 600px) { .tb-goals-panels { grid-template-columns: 1fr; } .tb-goals-summary { grid-template-columns: 1fr; } }
`;

export function GoalsStyles() {
  return (
    <style href="tradeboard-goals" precedence="medium">
      {GOALS_STYLES}
    </style>
  );
}
