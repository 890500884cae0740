/**
 * The sign-in layout's own rules (the build has no CSS loader; React 19 hoists this <style> into
 * <head> once). Colours come from antd's tokens through custom properties set on the root.
 */
export const AUTH_STYLES = `
.tb-auth {
  box-sizing: border-box;
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 24px;
  padding: 32px 16px;
  color: var(--tb-text);
  background:
    radial-gradient(1200px 600px at 50% -10%, var(--tb-glow), transparent 70%),
    var(--tb-bg);
  font-family: var(--tb-font);
}
.tb-auth *, .tb-auth *::before, .tb-auth *::after { box-sizing: border-box; }
.tb-auth__main { width: 100%; max-width: 420px; }
.tb-auth__card.tb-auth__card { width: 100%; box-shadow: var(--tb-shadow); border: 1px solid var(--tb-border); }
.tb-auth__card .ant-card-body { padding: 32px; }
.tb-auth__brand { display: flex; align-items: center; gap: 10px; margin-bottom: 24px; color: var(--tb-primary); }
.tb-auth__mark { width: 36px; height: 36px; flex: none; }
.tb-auth__wordmark { font-size: 20px; font-weight: 700; letter-spacing: -0.01em; color: var(--tb-text); }
.tb-auth__title.tb-auth__title { margin: 0 0 4px; font-size: 24px; line-height: 1.3; }
.tb-auth__subtitle { display: block; margin-bottom: 24px; color: var(--tb-text-secondary); }
.tb-auth__form .ant-form-item { margin-bottom: 20px; }
.tb-auth__form .ant-form-item-label > label { font-weight: 500; }
.tb-auth__alert.tb-auth__alert { margin-bottom: 20px; }
.tb-auth__row { display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; margin-bottom: 20px; }
.tb-auth__identity { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 20px;
  padding: 8px 8px 8px 12px; border: 1px solid var(--tb-border); border-radius: 999px; background: var(--tb-fill); }
.tb-auth__identity-email { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tb-auth__links { display: flex; justify-content: center; gap: 8px 16px; flex-wrap: wrap; margin-top: 20px; text-align: center; }
.tb-auth__busy { display: flex; align-items: center; gap: 16px; padding: 8px 0; }
.tb-auth__footer { font-size: 13px; color: var(--tb-text-secondary); text-align: center; }
.tb-auth__steps { list-style: none; margin: 0 0 8px; padding: 0; counter-reset: tb-step; }
.tb-auth__step { position: relative; padding: 0 0 20px 44px; counter-increment: tb-step; }
.tb-auth__step::before { content: counter(tb-step); position: absolute; left: 0; top: 0; width: 28px; height: 28px;
  border-radius: 50%; display: grid; place-items: center; font-weight: 600; font-size: 14px;
  color: #fff; background: var(--tb-primary); }
.tb-auth__step:not(:last-child)::after { content: ''; position: absolute; left: 13.5px; top: 34px; bottom: 6px; width: 1px; background: var(--tb-border); }
.tb-auth__step-title { display: block; font-weight: 600; margin-bottom: 4px; padding-top: 3px; min-height: 28px; line-height: 1.45; }
.tb-auth__qr { display: block; width: 176px; height: 176px; margin: 12px 0; padding: 8px; background: #fff; border-radius: 8px;
  border: 1px solid var(--tb-border); image-rendering: pixelated; }
.tb-auth__key { font-family: var(--tb-font-code); word-break: break-all; }
.tb-auth__code input { font-family: var(--tb-font-code); letter-spacing: 0.3em; font-size: 18px; }
@media (max-width: 480px) {
  .tb-auth { justify-content: flex-start; padding: 16px 12px; }
  .tb-auth__card .ant-card-body { padding: 24px 20px; }
}
`;

export const REVEAL_BUTTON_STYLES = `
.tb-auth__reveal { display: inline-flex; align-items: center; justify-content: center; padding: 4px; margin: -4px;
  border: 0; border-radius: 4px; background: none; color: inherit; font: inherit; cursor: pointer; }
.tb-auth__reveal:focus-visible { outline: 2px solid var(--tb-primary); outline-offset: 1px; }
`;
