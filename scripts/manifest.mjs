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
    // Where a GM reports a problem (the Setup screen's support link).
    bugs: `${base}/issues`,
    // The repository's owner: the authors' page.
    owner: `https://github.com/${repo.split("/")[0]}`,
  };
}

/**
 * dist/system.json: the source manifest stamped with the package version and release URLs, the
 * issue tracker as `bugs`, and the owner's page as the url of each author who gives none.
 */
export function manifestFor(source, pkg) {
  const { url, manifest, download, bugs, owner } = releaseUrls(pkg);
  const authors = (source.authors ?? []).map((a) => ({ ...a, url: a.url ?? owner }));
  return { ...source, authors, version: pkg.version, url, manifest, download, bugs };
}
