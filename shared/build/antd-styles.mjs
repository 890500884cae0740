// antd runs in zero-runtime mode (DESIGN §3): its components generate no CSS in the browser. The
// host's build extracts the styles of the UI kit's components — and of the antd components they
// render (Table → Pagination, Checkbox …) — into one static stylesheet that index.html links.
// Design tokens stay runtime CSS variables, so the theme (light, dark, reduced motion) still
// follows the user. Run as a script, it prints the stylesheet (the build runs it in a child
// process with NODE_ENV=production: React and antd in their production builds, no dev warnings).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ANTD_ES = path.join(path.dirname(require.resolve('antd/package.json')), 'es');
const KIT_DIR = path.join(import.meta.dirname, '..', 'src', 'ui');
/** The kit's entries (`@tradeboard/shared/ui`, `ui/data`, `ui/edit`, `ui/feedback`, `ui/result`, `ui/select`): its .ts files but tests. */
export const KIT_FILES = readdirSync(KIT_DIR)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => path.join(KIT_DIR, name));

export const kebab = (name) => name.replace(/[A-Z]/g, (letter, index) => `${index ? '-' : ''}${letter.toLowerCase()}`);
const pascal = (folder) => folder.replace(/(?:^|-)([a-z])/g, (_, letter) => letter.toUpperCase());

/** The antd components the kit's entries re-export (`export { A, B } from 'antd'`; types and hooks excepted). */
export function kitComponents(source = KIT_FILES.map((file) => readFileSync(file, 'utf8')).join('\n')) {
  return [...new Set([...source.matchAll(/export\s*\{([^}]*)\}\s*from\s*'antd'/g)].flatMap((match) =>
    match[1].split(',').map((name) => name.trim()).filter((name) => /^[A-Z]/.test(name)),
  ))];
}

const filesUnder = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name));

/** The components with every antd component their code imports, transitively, as antd export names. */
export function withRenderedComponents(names, exported) {
  const found = new Set();
  const visit = (name) => {
    if (found.has(name) || !exported.has(name)) return;
    found.add(name);
    for (const file of filesUnder(path.join(ANTD_ES, kebab(name)))) {
      for (const [, target] of readFileSync(file, 'utf8').matchAll(/from\s*['"]((?:\.\.\/)+[a-z-]+)/g)) {
        const folder = path.relative(ANTD_ES, path.resolve(path.dirname(file), target)).split(path.sep)[0];
        if (folder && !folder.startsWith('_')) visit(pascal(folder));
      }
    }
  };
  for (const name of names) visit(name);
  // App gives message and notification (App.useApp()).
  if (found.has('App')) found.add('message').add('notification');
  return [...found].sort();
}

/** The static CSS of the kit's components: unhashed class selectors reading the theme's CSS variables. */
export async function kitStylesheet() {
  const [{ extractStyle }, antd, { createElement }] = await Promise.all([
    import('@ant-design/static-style-extract'),
    import('antd'),
    import('react'),
  ]);
  const includes = withRenderedComponents(kitComponents(), new Set(Object.keys(antd)));
  const css = extractStyle({
    includes,
    customTheme: (node) => createElement(antd.ConfigProvider, { theme: { hashed: false } }, node),
  });
  return (
    css
      .replace(/<style[^>]*>|<\/style>/g, '')
      // Token values belong to the runtime (they follow the user's theme): drop the rules that set them
      // for the extraction's own ConfigProvider (classes named after its React ids), and its cache marker.
      .replace(/\.(?:css-var-_[^{]*|data-ant-cssinjs-cache-path)\{[^}]*\}/g, '')
      // antd's link reset reads theme variables that exist only inside its components: keep it there
      // (as the runtime did), so links elsewhere keep the browser's or our own look.
      .replace(/(^|\})(a(?:[:[][^{}]*)?)\{/g, (_, brace, selectors) =>
        `${brace}${selectors.split(',').map((selector) => `:where([class*="css-var-"]) ${selector}`).join(',')}{`,
      )
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(await kitStylesheet());
