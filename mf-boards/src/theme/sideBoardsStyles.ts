/**
 * The sidebar's board list: shown by the shell, outside the boards pages (and their styles). A module
 * of its own, so that the sidebar's chunk carries these rules only, not the boards pages' as well.
 */
export const SIDE_BOARDS_STYLES = `
.tb-side-boards-root .tb-side-boards { list-style: none; margin: 0; padding: 0 12px 6px 44px; }
.tb-side-boards-root .tb-side-boards a { display: flex; align-items: center; gap: 8px; padding: 4px 8px; border-radius: 6px; color: var(--tb-muted); line-height: 20px; }
.tb-side-boards-root .tb-side-boards a:hover { color: var(--tb-text); background: var(--tb-accent-soft); }
.tb-side-boards-root .tb-side-boards a[aria-current='page'] { color: var(--tb-accent); font-weight: 500; }
.tb-side-boards__dot { width: 6px; height: 6px; border-radius: 50%; background: transparent; flex: none; }
.tb-side-boards__dot--on { background: var(--tb-accent); }
.tb-side-boards__name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tb-side-boards .tb-star { color: #f5a524; }
.tb-side-boards-root .tb-side-boards__empty { margin: 0; padding: 4px 12px 8px 52px; color: var(--tb-muted); font-size: 13px; white-space: normal; }
`;
