import { createServer } from 'node:net';

/**
 * A port nothing listens on right now, chosen by the OS. The probe binds every interface (`::`, dual
 * stack), as `next start` does, so a port taken on 127.0.0.1 or ::1 alone (another service on this
 * machine) is never chosen.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '::', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

// `tsx tests/free-port.ts` prints one, for the shell test runner.
if (process.argv[1] === import.meta.filename) console.log(await freePort());
