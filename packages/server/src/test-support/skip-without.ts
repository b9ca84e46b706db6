/**
 * The one gate of every test that needs PostgreSQL or Redis (the machine's, or binaries to start its own):
 * `it.skipIf(skipWithout(up, 'PostgreSQL'))`. Where the service is missing the test skips on a developer's
 * machine, but with `CI` set it fails the file instead: a runner without the services must not pass while
 * testing less (.ci/run starts them and sets CI=1).
 */
export function skipWithout(up: boolean, what: string): boolean {
  if (up) return false;
  if (process.env.CI) {
    throw new Error(
      `${what} is needed by these tests and is not available, and CI is set: a missing service fails in CI ` +
        `instead of skipping (.ci/run starts PostgreSQL and Redis; scripts/install-system-deps.sh installs them)`,
    );
  }
  return true;
}
