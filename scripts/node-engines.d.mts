/** The lowest Node version that package.json's `engines.node` (the README's promise) allows. */
export function promisedNodeMinimum(repoRoot: string): string;
/** The first version of each line package.json's `engines.node` promises (e.g. 20.19.0 and 24.0.0). */
export function promisedNodeLines(repoRoot: string): string[];
/** Every package in package-lock.json whose `engines.node` excludes the given Node version. */
export function packagesExcludingNode(repoRoot: string, nodeVersion: string): string[];
