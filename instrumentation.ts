// Next's startup hook: runs once per server process before it serves requests.
export async function register(): Promise<void> {
  // The edge runtime has no database; this branch is dropped from its bundle.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startAccounts } = await import('@/server/accounts');
    await startAccounts(); // database open and migrated, admin channel, demo seed
  }
}
