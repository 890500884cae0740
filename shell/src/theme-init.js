// Applies the remembered (or system) theme before the first paint: no white flash in dark mode.
// A file, not an inline script, so the Content-Security-Policy can stay `script-src 'self'`; the
// build emits it with a content hash and index.html loads it, blocking, before the app bundle.
(function () {
  var theme;
  try { theme = JSON.parse(localStorage.getItem('tradeboard.preferences') || '{}').state.theme; } catch (e) {}
  if (theme !== 'dark' && theme !== 'light') theme = window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
})();
