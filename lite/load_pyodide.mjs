// The site's Pyodide, started with the kernel's packages already in place.
//
// jupyterlite-pyodide-kernel imports the module its `pyodideUrl` names and calls its
// `loadPyodide({packages: [...]})`. Pyodide itself would then install each wheel of its lock
// in Python, file by file (27 wheels, 2,300 files: 0.6-1.2 s of every kernel start, measured
// on a reload on a 2-core machine). This module is that `pyodideUrl`: it starts Pyodide
// without them and writes the same files into site-packages from JavaScript (0.1 s), from
// one pack that lite/build.py made of those wheels (`write_pack` there: a gzip of a 4-byte
// little-endian length, a JSON header {"packages": {name: version}, "files": [[path, size],
// ...]}, then the files' bytes in that order). The pack is fetched, checked against its
// hash and inflated while Pyodide boots.
//
// lite/build.py copies this file into site/static/pyodide/ beside Pyodide's own
// pyodide.mjs, with PACK filled in.
export * from "./pyodide.mjs";
import { loadPyodide as loadPyodideItself } from "./pyodide.mjs";

/** The pack: its file (beside this module), its integrity hash, the packages it holds, and
 * the module of the site's own in it whose `install()` the kernel's Python runs first
 * (lite/drive_imports.py: imports that do not ask the drive about every module). */
const PACK = /* PACK */ { file: "", integrity: "", packages: {}, startup: "" } /* PACK */;

export async function loadPyodide(options = {}) {
  const { packages = [], ...rest } = options;
  const pack = readPack(new URL(PACK.file, import.meta.url));
  pack.catch(() => {}); // awaited below, once Pyodide has booted
  const pyodide = await loadPyodideItself(rest);
  writePack(pyodide, await pack);
  if (PACK.startup) pyodide.runPython(`import ${PACK.startup}; ${PACK.startup}.install()`);
  const others = packages.filter((name) => !(name in PACK.packages));
  if (others.length) await pyodide.loadPackage(others); // from Pyodide's lock, as before
  return pyodide;
}

async function readPack(url) {
  let response;
  try {
    response = await fetch(url, { integrity: PACK.integrity });
  } catch (error) {
    throw new Error(`the kernel's packages (${url}) could not be fetched, or differ ` +
                    `from the ones this site was built with: ${error.message}`);
  }
  if (!response.ok) {
    throw new Error(`the kernel's packages (${url}): ${response.status} ${response.statusText}`);
  }
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(inflated).arrayBuffer());
  const length = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  return { files: header.files, data: bytes.subarray(4 + length) };
}

function writePack(pyodide, { files, data }) {
  const site = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  const made = new Set();
  let at = 0;
  for (const [path, size] of files) {
    const target = `${site}/${path}`;
    const folder = target.slice(0, target.lastIndexOf("/"));
    if (!made.has(folder)) {
      pyodide.FS.mkdirTree(folder);
      made.add(folder);
    }
    pyodide.FS.writeFile(target, data.subarray(at, at + size));
    at += size;
  }
  if (at !== data.length) {
    throw new Error(`the kernel's packages: ${data.length - at} bytes past the files its header lists`);
  }
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
}
