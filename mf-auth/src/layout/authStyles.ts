/**
 * The sign-in pages' own rules (the build has no CSS loader; React 19 hoists this <style> into
 * <head> once). No antd here: the controls are plain HTML drawn like antd's, with antd's design
 * tokens for our theme as custom properties set on the root (`designTokenVariables`, light and
 * dark), so these pages look like the rest of the app without downloading its UI kit.
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
  font-size: 14px;
  line-height: 1.5714285714285714;
}
.tb-auth *, .tb-auth *::before, .tb-auth *::after { box-sizing: border-box; }
.tb-auth__main { width: 100%; max-width: 420px; }
.tb-auth__card { width: 100%; border: 1px solid var(--tb-border); border-radius: 10px; background: var(--tb-color-bg-container); padding: 24px;
  box-shadow: 0 1px 2px 0 rgba(0, 0, 0, 0.05), 0 1px 6px -1px rgba(0, 0, 0, 0.03), 0 2px 4px 0 rgba(0, 0, 0, 0.03); }
.tb-auth__brand { display: flex; align-items: center; gap: 10px; margin-bottom: 24px; color: var(--tb-primary); }
.tb-auth__mark { width: 36px; height: 36px; flex: none; }
.tb-auth__wordmark { font-size: 20px; font-weight: 700; letter-spacing: -0.01em; color: var(--tb-text); }
.tb-auth__title { margin: 0 0 4px; font-size: 24px; line-height: 1.3; font-weight: 600; color: var(--tb-text); }
.tb-auth__subtitle { display: block; margin: 0 0 24px; }
.tb-auth__form { margin: 0; }
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
.tb-auth__key { word-break: break-all; }
.tb-secondary { color: var(--tb-color-text-tertiary); }

.tb-field { margin-bottom: 20px; }
.tb-field__label { display: block; padding-bottom: 8px; font-weight: 500; color: var(--tb-color-text); }
.tb-field__error { color: var(--tb-color-error); }
.tb-field__extra { color: var(--tb-color-text-tertiary); }
.tb-field__error + .tb-field__extra { margin-top: 2px; }

.tb-input { display: block; width: 100%; min-width: 0; height: 40px; margin: 0; padding: 7px 11px; font: inherit; font-size: 16px;
  line-height: 1.5; color: var(--tb-color-text); background: var(--tb-color-bg-container); border: 1px solid var(--tb-color-border);
  border-radius: 10px; transition: all 0.2s; outline: none; }
input.tb-input::placeholder, .tb-input--affix input::placeholder { color: var(--tb-color-text-placeholder); }
.tb-input:hover { border-color: var(--tb-color-primary-hover); }
.tb-input:focus, .tb-input--affix:focus-within { border-color: var(--tb-color-primary); box-shadow: 0 0 0 2px var(--tb-control-outline); }
.tb-input[aria-invalid='true'], .tb-input[data-invalid='true'] { border-color: var(--tb-color-error); }
.tb-input[aria-invalid='true']:hover, .tb-input[data-invalid='true']:hover { border-color: var(--tb-color-error-hover); }
.tb-input[aria-invalid='true']:focus, .tb-input--affix[data-invalid='true']:focus-within { border-color: var(--tb-color-error); box-shadow: 0 0 0 2px var(--tb-color-error-outline); }
.tb-input--affix { display: flex; align-items: center; cursor: text; }
.tb-input--affix input { flex: auto; min-width: 0; width: 100%; height: 24px; padding: 0; margin: 0; border: 0; outline: none; background: transparent;
  color: inherit; font: inherit; line-height: 24px; }
.tb-input__suffix { display: flex; flex: none; align-items: center; margin-inline-start: 4px; color: var(--tb-color-icon); }
.tb-input__suffix:hover { color: var(--tb-color-icon-hover); }

.tb-kit-icon { display: block; width: 1em; height: 1em; flex: none; }
.tb-kit-spin { animation: tb-kit-rotate 1s linear infinite; }
@keyframes tb-kit-rotate { to { transform: rotate(360deg); } }

.tb-button { position: relative; display: inline-flex; align-items: center; justify-content: center; gap: 8px; margin: 0;
  font: inherit; white-space: nowrap; text-align: center; border: 1px solid transparent; cursor: pointer; user-select: none;
  transition: all 0.2s cubic-bezier(0.645, 0.045, 0.355, 1); touch-action: manipulation; }
.tb-button:focus-visible { outline: 4px solid var(--tb-color-primary-border); outline-offset: 1px; transition: outline-offset 0s, outline 0s; }
.tb-button--primary { width: 100%; height: 40px; padding: 0 15px; font-size: 16px; line-height: 1; border-radius: 10px; color: #fff;
  background: var(--tb-color-primary); box-shadow: 0 2px 0 var(--tb-control-outline); }
.tb-button--primary:hover { background: var(--tb-color-primary-hover); }
.tb-button--primary:active { background: var(--tb-color-primary-active); }
.tb-button--primary.tb-button--danger { background: var(--tb-color-error); box-shadow: 0 2px 0 var(--tb-color-error-outline); }
.tb-button--primary.tb-button--danger:hover { background: var(--tb-color-error-hover); }
.tb-button--primary.tb-button--danger:active { background: var(--tb-color-error-active); }
.tb-button--link { height: 24px; padding: 0 7px; font-size: 14px; border-radius: 6px; color: var(--tb-color-link); background: transparent; }
.tb-button--link:hover { color: var(--tb-color-link-hover); }
.tb-button--link:active { color: var(--tb-color-link-active); }
.tb-button--loading { opacity: 0.65; cursor: default; }
.tb-button--loading.tb-button--loading { background: var(--tb-color-primary); }
.tb-button--loading.tb-button--danger { background: var(--tb-color-error); }
.tb-button__icon { display: inline-flex; font-size: 16px; }

.tb-link { color: var(--tb-color-link); text-decoration: none; cursor: pointer; transition: color 0.3s; }
.tb-link:hover { color: var(--tb-color-link-hover); }
.tb-link:active { color: var(--tb-color-link-active); }
.tb-link:focus-visible { outline: 2px solid var(--tb-color-primary-border); outline-offset: 1px; border-radius: 4px; }

.tb-checkbox { display: inline-flex; align-items: baseline; cursor: pointer; color: var(--tb-color-text); }
.tb-checkbox__input { appearance: none; position: relative; top: 0.2em; flex: none; width: 16px; height: 16px; margin: 0; cursor: pointer;
  border: 1px solid var(--tb-color-border); border-radius: 6px; background: var(--tb-color-bg-container); transition: all 0.3s; align-self: center; top: 0; }
.tb-checkbox:hover .tb-checkbox__input { border-color: var(--tb-color-primary); }
.tb-checkbox__input:checked { background: var(--tb-color-primary); border-color: var(--tb-color-primary); }
.tb-checkbox:hover .tb-checkbox__input:checked { background: var(--tb-color-primary-hover); border-color: transparent; }
.tb-checkbox__input:checked::after { content: ''; position: absolute; top: 50%; left: 21.5%; width: 5.7px; height: 9.1px;
  border: 2px solid #fff; border-top: 0; border-inline-start: 0; transform: rotate(45deg) translate(-50%, -50%); }
.tb-checkbox__input:focus-visible { outline: 4px solid var(--tb-color-primary-border); outline-offset: 1px; }
.tb-checkbox__label { padding: 0 8px; }

.tb-alert { display: flex; align-items: center; padding: 8px 12px; border: 1px solid; border-radius: 10px; color: var(--tb-color-text); word-wrap: break-word; }
.tb-alert__icon { display: flex; align-items: center; height: 22px; margin-inline-end: 8px; font-size: 14px; }
.tb-alert__content { flex: 1; min-width: 0; }
.tb-alert--with-description { align-items: flex-start; padding: 20px 24px; }
.tb-alert--with-description .tb-alert__icon { height: auto; margin-inline-end: 12px; font-size: 24px; }
.tb-alert--with-description .tb-alert__title { margin-bottom: 8px; font-size: 16px; line-height: 1.5714285714285714; }
.tb-alert--error { background: var(--tb-color-error-bg); border-color: var(--tb-color-error-border); }
.tb-alert--error .tb-alert__icon { color: var(--tb-color-error); }
.tb-alert--success { background: var(--tb-color-success-bg); border-color: var(--tb-color-success-border); }
.tb-alert--success .tb-alert__icon { color: var(--tb-color-success); }
.tb-alert--warning { background: var(--tb-color-warning-bg); border-color: var(--tb-color-warning-border); }
.tb-alert--warning .tb-alert__icon { color: var(--tb-color-warning); }

.tb-spinner { position: relative; display: inline-block; flex: none; width: 32px; height: 32px; transform: rotate(45deg);
  animation: tb-kit-rotate-45 1.2s linear infinite; }
.tb-spinner i { position: absolute; width: 14px; height: 14px; border-radius: 100%; background: var(--tb-color-primary); opacity: 0.3;
  transform: scale(0.75); animation: tb-kit-dot 1s linear infinite alternate; }
.tb-spinner i:nth-child(1) { top: 0; left: 0; }
.tb-spinner i:nth-child(2) { top: 0; right: 0; animation-delay: 0.4s; }
.tb-spinner i:nth-child(3) { right: 0; bottom: 0; animation-delay: 0.8s; }
.tb-spinner i:nth-child(4) { bottom: 0; left: 0; animation-delay: 1.2s; }
@keyframes tb-kit-rotate-45 { to { transform: rotate(405deg); } }
@keyframes tb-kit-dot { to { opacity: 1; } }

.tb-copyable strong { font-weight: 600; }
.tb-copyable__button { position: relative; display: inline-flex; vertical-align: -2px; margin-inline-start: 4px; padding: 0; border: 0;
  background: none; color: var(--tb-color-link); font-size: 14px; cursor: pointer; }
.tb-copyable__button:hover { color: var(--tb-color-link-hover); }
.tb-copyable__button--done { color: var(--tb-color-success); }
.tb-copyable__button:focus-visible { outline: 2px solid var(--tb-color-primary-border); outline-offset: 1px; border-radius: 2px; }
.tb-copyable__button:hover::after, .tb-copyable__button:focus-visible::after { content: attr(data-tip); position: absolute; bottom: calc(100% + 8px);
  left: 50%; transform: translateX(-50%); padding: 6px 8px; border-radius: 8px; font-family: var(--tb-font); font-size: 14px; line-height: 1.5714;
  letter-spacing: normal; white-space: nowrap; color: #fff; background: rgba(0, 0, 0, 0.85); box-shadow: 0 6px 16px rgba(0, 0, 0, 0.08); pointer-events: none; }

@media (prefers-reduced-motion: reduce) {
  .tb-kit-spin, .tb-spinner, .tb-spinner i { animation-duration: 3s; }
}
@media (max-width: 480px) {
  .tb-auth { justify-content: flex-start; padding: 16px 12px; }
}
`;

export const REVEAL_BUTTON_STYLES = `
.tb-auth__reveal { display: inline-flex; align-items: center; justify-content: center; padding: 4px; margin: -4px;
  border: 0; border-radius: 4px; background: none; color: inherit; font: inherit; font-size: 16px; cursor: pointer; }
.tb-auth__reveal:focus-visible { outline: 2px solid var(--tb-primary); outline-offset: 1px; }
`;
