import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * Every page loads the client entry, the root route and the locale route, with everything they import
 * statically. Left to the automatic splitting, that is ~30 files of 0.2–3 KB (one per combination of routes
 * sharing them): 30 requests before the page is interactive, each a round trip on a mobile connection.
 * Here they become one `site` chunk (the libraries and the frame's shared code); what only some routes use
 * stays in their own chunks.
 */
const ENTRY = [
  /[\\/]@react-router[\\/]dev[\\/].*[\\/]entry\.client\.tsx$/,
  /[\\/]app[\\/]entry\.client\.tsx$/,
];
const ALWAYS_LOADED = [
  ...ENTRY,
  /[\\/]app[\\/]root\.tsx\?__react-router-build-client-route$/,
  /[\\/]app[\\/]routes[\\/]locale\.tsx\?__react-router-build-client-route$/,
];

export const siteChunk = () => {
  const imports = new Map<string, readonly string[]>();
  let closure: Set<string> | undefined;
  const plugin: Plugin = {
    name: 'casino:site-chunk',
    apply: 'build',
    buildStart() {
      imports.clear();
      closure = undefined;
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
  };
  const inSite = (id: string) => {
    if (!closure) {
      closure = new Set();
      const stack = [...imports.keys()].filter((id) => ALWAYS_LOADED.some((re) => re.test(id)));
      while (stack.length > 0) {
        const next = stack.pop() as string;
        if (closure.has(next)) continue;
        closure.add(next);
        stack.push(...(imports.get(next) ?? []));
      }
    }
    // The route modules stay separate (React Router names and loads them per route), and so does the client
    // entry: it hydrates when it runs, after the page's inline script has set the manifest and route modules.
    return (
      closure.has(id) &&
      !id.includes('?__react-router-build-client-route') &&
      !ENTRY.some((re) => re.test(id)) &&
      !/\.css($|\?)/.test(id)
    );
  };
  return { plugin, inSite };
};

const site = siteChunk();

/**
 * The build's version (spec §4 version check): given to the site's code and written to `latest-build.json`
 * beside its files with the build's timestamp; a page whose version differs from the file's offers a reload.
 */
const BUILD_TIMESTAMP = Date.now();
export const BUILD_VERSION = process.env.BUILD_VERSION || BUILD_TIMESTAMP.toString(36);
const latestBuild = (): Plugin => ({
  name: 'casino:latest-build',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'latest-build.json',
      source: `${JSON.stringify({ version: BUILD_VERSION, timestamp: BUILD_TIMESTAMP })}\n`,
    });
  },
});

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), site.plugin, ...(isSsrBuild ? [] : [latestBuild()])],
  define: { 'import.meta.env.VITE_BUILD_VERSION': JSON.stringify(BUILD_VERSION) },
  build: {
    target: 'es2022',
    sourcemap: process.env.WEB_SOURCEMAP ? 'hidden' : false,
    rolldownOptions: isSsrBuild
      ? undefined
      : { output: { codeSplitting: { groups: [{ name: 'site', test: site.inSite }] } } },
  },
}));
