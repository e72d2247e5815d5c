// Next's startup hook: runs once per server process before it serves requests.
export async function register(): Promise<void> {
  // The edge runtime has no database; this branch is dropped from its bundle.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Before the first request: X-Forwarded-* believed from configured proxies only, unserved methods refused.
    (await import('@/server/http/edge')).installRequestGuard();
    try {
      const { startAccounts } = await import('@/server/accounts');
      await startAccounts(); // database open and migrated, admin channel, demo seed
      await (await import('@/server/app-jobs')).getJobs(); // pool mode: re-runs jobs a previous process left unfinished
    } catch (error) {
      // A server without its database would answer every request with a 500: stop, saying why.
      console.error(`Startup failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
  }
}
