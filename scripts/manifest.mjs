// The one place the release address is made: owner/repo come from package.json "fracas.repository".
export function releaseUrls(pkg) {
  const repo = pkg.fracas?.repository;
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo ?? "")) throw new Error(`package.json fracas.repository must be "owner/repo" (got ${repo})`);
  const base = `https://github.com/${repo}`;
  return {
    url: base,
    manifest: `${base}/releases/latest/download/system.json`,
    download: `${base}/releases/download/v${pkg.version}/fracas-${pkg.version}.zip`,
    zipName: `fracas-${pkg.version}.zip`,
  };
}

/** dist/system.json: the source manifest stamped with the package version and release URLs. */
export function manifestFor(source, pkg) {
  const { url, manifest, download } = releaseUrls(pkg);
  return { ...source, version: pkg.version, url, manifest, download };
}
