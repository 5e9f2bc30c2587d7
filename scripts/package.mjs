// npm run package: after the build, writes fracas-<version>.zip holding exactly dist/ (the
// installable folder) and a copy of dist/system.json beside it, as a release attaches both.
import { readFileSync, writeFileSync, copyFileSync, mkdirSync } from "node:fs";
import { zipDirectory } from "./zip.mjs";
import { releaseUrls } from "./manifest.mjs";

const root = new URL("..", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(root + "package.json", "utf8"));
const { zipName } = releaseUrls(pkg);
mkdirSync(root + "release", { recursive: true });
writeFileSync(root + "release/" + zipName, zipDirectory(root + "dist"));
copyFileSync(root + "dist/system.json", root + "release/system.json");
console.log(`release/${zipName} and release/system.json written`);
