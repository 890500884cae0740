// The bootstrap boundary: Module Federation negotiates the shared singletons (react, the UI kit,
// @tradeboard/shared …) before any of them is evaluated.
import('./bootstrap.tsx').catch((error: unknown) => {
  console.error('Tradeboard could not start', error);
  const root = document.getElementById('root');
  if (root) root.textContent = 'Tradeboard could not start. Please reload the page.';
});
