/**
 * The boards pages' own rules (the build has no CSS loader; React 19 hoists this <style> into
 * <head> once). Colours follow the shell's custom properties (light and dark), plus the
 * react-grid-layout rules it needs.
 */
export const BOARDS_STYLES = `
.tb-boards-root { --tb-danger: #dc2626; --tb-ok: #16a34a; color: var(--tb-text); }
.tb-visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.tb-muted { color: var(--tb-muted); }
.tb-link-button { background: none; border: 0; padding: 0; font: inherit; color: inherit; cursor: text; text-align: left; border-bottom: 1px dashed transparent; }
.tb-link-button:hover, .tb-link-button:focus-visible { border-bottom-color: var(--tb-muted); outline: none; }
.tb-board-head { display: flex; align-items: center; gap: 12px; padding: 12px 0; flex-wrap: wrap; }
.tb-board-actions { display: flex; align-items: center; gap: 8px; margin-left: auto; }
.tb-tabs { display: flex; align-items: center; gap: 4px; flex: 1 1 auto; min-width: 0; overflow-x: auto; scrollbar-width: thin; padding: 2px; }
.tb-tab-wrap { display: inline-flex; align-items: center; flex: none; border-radius: 8px; }
.tb-tab-wrap--dragging { outline: 2px dashed var(--tb-accent); opacity: .85; }
.tb-tabs--reorderable .tb-tab-wrap { cursor: grab; touch-action: none; user-select: none; }
.tb-tab { display: inline-flex; align-items: center; gap: 6px; padding: 6px 12px; border-radius: 8px; color: var(--tb-muted); text-decoration: none; white-space: nowrap; font-weight: 500; border: 1px solid transparent; flex: none; }
.tb-tab:hover { color: var(--tb-text); background: var(--tb-accent-soft); }
.tb-tab:focus-visible, .tb-tab__handle:focus-visible { outline: 2px solid var(--tb-accent); outline-offset: 1px; }
.tb-tab--active { color: var(--tb-accent); background: var(--tb-surface); border-color: var(--tb-border); box-shadow: 0 1px 2px rgba(0,0,0,.06); }
.tb-tab--editing { padding: 2px 4px; }
.tb-tab__handle { border: 0; background: none; color: var(--tb-muted); cursor: grab; padding: 4px 2px; border-radius: 4px; }
.tb-tab__star, .tb-star { color: #f5a524 !important; }
.tb-tab__shared { color: var(--tb-muted); }
.tb-edit-tag { margin: 0 !important; }
.tb-board-body { min-height: 200px; }
.tb-grid { position: relative; }
.tb-grid__static { position: relative; }
.tb-grid__cell { position: absolute; }
.tb-grid__cell > .tb-grid__item { height: 100%; }
.tb-stack { display: flex; flex-direction: column; gap: 16px; }
.tb-card { display: flex; flex-direction: column; height: 100%; background: var(--tb-surface); border: 1px solid var(--tb-border); border-radius: 12px; box-shadow: 0 1px 2px rgba(16,24,40,.04); overflow: hidden; }
.tb-stack .tb-card { height: auto; }
.tb-card--skeleton { padding: 16px; margin-bottom: 16px; }
.tb-card__header { display: flex; align-items: center; gap: 6px; padding: 8px 10px 8px 6px; border-bottom: 1px solid var(--tb-border); min-height: 48px; }
.tb-card--collapsed .tb-card__header { border-bottom: 0; }
.tb-card__title { margin: 0; font-size: 15px; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.tb-card__drag { cursor: move; color: var(--tb-muted); padding: 4px; touch-action: none; }
.tb-card__spacer { flex: 1; }
.tb-card__badge { display: inline-grid; place-items: center; min-width: 20px; height: 20px; padding: 0 6px; border-radius: 10px; background: var(--tb-ok); color: #fff; font-size: 12px; font-weight: 600; }
.tb-card__body { flex: 1; overflow: auto; padding: 12px 16px; }
.tb-card__content { display: flex; flex-direction: column; gap: 12px; min-width: 0; }
.tb-card__empty { display: grid; place-items: center; text-align: center; gap: 8px; padding: 24px 8px; color: var(--tb-muted); }
.tb-card__empty-title { margin: 0; font-weight: 600; color: var(--tb-text); }
.tb-card__hint { margin: 0; max-width: 46ch; }
@keyframes tb-card-pulse { 0% { box-shadow: 0 0 0 0 rgba(22,163,74,.55); border-color: var(--tb-ok); } 70% { box-shadow: 0 0 0 12px rgba(22,163,74,0); border-color: var(--tb-ok); } 100% { box-shadow: 0 0 0 0 rgba(22,163,74,0); } }
.tb-card--pulse { animation: tb-card-pulse .75s ease-out 2; border-color: var(--tb-ok); }
@media (prefers-reduced-motion: reduce) { .tb-card--pulse { animation: none; outline: 2px solid var(--tb-ok); } .react-grid-layout, .react-grid-item { transition: none !important; } }
.tb-instance { display: flex; flex-direction: column; gap: 8px; }
.tb-instance + .tb-instance { border-top: 1px solid var(--tb-border); padding-top: 12px; }
.tb-instance__header { display: flex; align-items: center; gap: 8px; }
.tb-instance__name { margin: 0; font-size: 14px; font-weight: 600; flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tb-instance__tools { display: inline-flex; gap: 6px; margin-left: auto; }
.tb-crash { border: 1px solid var(--tb-danger); background: rgba(220,38,38,.08); color: var(--tb-danger); border-radius: 8px; padding: 12px; }
.tb-crash__title { font-weight: 800; letter-spacing: .04em; }
.tb-crash__message { margin-top: 4px; color: var(--tb-text); }
.tb-crash__details summary { cursor: pointer; margin-top: 6px; }
.tb-crash__details pre { white-space: pre-wrap; font-size: 12px; max-height: 240px; overflow: auto; color: var(--tb-text); }
.tb-missing { display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; padding: 12px; border: 1px dashed var(--tb-border); border-radius: 8px; color: var(--tb-muted); }
.tb-empty-board { display: grid; place-items: center; gap: 12px; padding: 48px 16px; text-align: center; border: 1px dashed var(--tb-border); border-radius: 12px; }
.tb-empty-board__title { margin: 0; font-weight: 600; }
.tb-dialog-heading { font-size: 14px; font-weight: 600; margin: 20px 0 8px; }
.tb-new-board__row { display: flex; gap: 8px; flex-wrap: wrap; }
.tb-new-board__row > .ant-input { flex: 1 1 200px; }
.tb-new-board__template { flex: 1 1 200px; min-width: 180px; }
.tb-table-wrap { overflow-x: auto; border: 1px solid var(--tb-border); border-radius: 8px; }
.tb-table { width: 100%; border-collapse: collapse; font-size: 14px; }
.tb-table th { text-align: left; font-weight: 600; color: var(--tb-muted); font-size: 12px; padding: 8px 12px; background: var(--tb-accent-soft); }
.tb-table td { padding: 6px 12px; border-top: 1px solid var(--tb-border); vertical-align: middle; }
.tb-table-empty { margin: 8px 0 !important; }
.tb-select { height: 32px; border-radius: 8px; border: 1px solid var(--tb-border); background: var(--tb-surface); color: var(--tb-text); padding: 0 8px; font: inherit; }
.tb-select:focus-visible { outline: 2px solid var(--tb-accent); outline-offset: 1px; }
.tb-row-actions { display: inline-flex; gap: 2px; }
.tb-share-results, .tb-share-list { list-style: none; margin: 8px 0 0; padding: 0; border: 1px solid var(--tb-border); border-radius: 8px; }
.tb-share-row { display: flex; align-items: center; gap: 8px; padding: 8px 10px; }
.tb-share-row + .tb-share-row { border-top: 1px solid var(--tb-border); }
.tb-share-row__name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tb-share-row__edit { display: inline-flex; align-items: center; gap: 6px; font-size: 12px; }
.tb-share-results > .tb-muted { padding: 8px 10px; }
.tb-library__chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 12px 0; }
.tb-library__chips .ant-tag { border: 1px solid var(--tb-border); border-radius: 999px; padding: 1px 10px; margin: 0; }
.tb-library__category { font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--tb-muted); margin: 16px 0 8px; }
.tb-library__list { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.tb-library__item { width: 100%; text-align: left; display: grid; gap: 4px; padding: 10px 12px; border-radius: 10px; border: 1px solid var(--tb-border); background: var(--tb-surface); color: var(--tb-text); cursor: pointer; font: inherit; }
.tb-library__item:hover, .tb-library__item:focus-visible { border-color: var(--tb-accent); outline: none; box-shadow: 0 0 0 2px var(--tb-accent-soft); }
.tb-library__item-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.tb-library__item-name { font-weight: 600; }
.tb-library__item-desc { font-size: 13px; color: var(--tb-muted); }
.tb-notes__text { line-height: 1.6; overflow-wrap: anywhere; }
.tb-notes__text p, .tb-notes__text ul, .tb-notes__text ol { margin: 0 0 8px; }
.tb-notes__edit { margin-top: 8px; }
.tb-notes__toolbar { display: flex; align-items: center; gap: 2px; border: 1px solid var(--tb-border); border-bottom: 0; border-radius: 8px 8px 0 0; padding: 4px; background: var(--tb-accent-soft); }
.tb-notes__editor { min-height: 120px; border: 1px solid var(--tb-border); border-radius: 0 0 8px 8px; padding: 10px 12px; line-height: 1.6; outline: none; background: var(--tb-surface); }
.tb-notes__editor:focus { border-color: var(--tb-accent); }
.tb-links__list { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
.tb-links__list li { display: flex; align-items: center; gap: 8px; }
.tb-links__list a { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tb-links__form { display: flex; gap: 6px; flex-wrap: wrap; margin-top: 10px; }
.tb-links__form .ant-input { flex: 1 1 140px; }
.tb-links__error { color: var(--tb-danger); font-size: 12px; width: 100%; }
.tb-status { display: flex; align-items: flex-start; gap: 12px; }
.tb-status__icon { font-size: 22px; margin-top: 2px; }
.tb-status__icon--ok { color: var(--tb-ok); }
.tb-status__icon--error { color: var(--tb-danger); }
.tb-status__title { font-weight: 700; }
.tb-status__close { margin-left: auto; align-self: center; }
/* react-grid-layout */
.react-grid-layout { position: relative; transition: height 200ms ease; }
.react-grid-item { transition: all 200ms ease; transition-property: left, top, width, height; }
.react-grid-item.cssTransforms { transition-property: transform, width, height; }
.react-grid-item.resizing, .react-grid-item.react-draggable-dragging { transition: none; z-index: 3; will-change: transform; }
.react-grid-item.react-draggable-dragging .tb-card { box-shadow: 0 12px 32px rgba(16,24,40,.18); }
.react-grid-item.react-grid-placeholder { background: var(--tb-accent); opacity: .15; border-radius: 12px; transition-duration: 100ms; z-index: 2; user-select: none; }
.react-grid-item > .react-resizable-handle { position: absolute; width: 20px; height: 20px; bottom: 0; right: 0; cursor: se-resize; z-index: 2; }
.react-grid-item > .react-resizable-handle::after { content: ""; position: absolute; right: 5px; bottom: 5px; width: 7px; height: 7px; border-right: 2px solid var(--tb-muted); border-bottom: 2px solid var(--tb-muted); }
/* A card that may not be resized keeps its handle element, hidden (react-grid-layout's own rule). */
.react-resizable-hide > .react-resizable-handle { display: none; }
@media (max-width: 768px) {
  .tb-board-head { align-items: stretch; }
  .tb-tabs { flex-basis: 100%; }
  .tb-board-actions { margin-left: 0; width: 100%; justify-content: flex-end; }
  .tb-hide-narrow { display: none; }
  .tb-card__body { padding: 12px; }
}
`;
