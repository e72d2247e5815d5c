import path from 'node:path';
import { bookingJobKinds } from '@/server/booking';
import { registerJobKinds, type JobKinds } from '@/server/jobs';
import { routingJobKinds } from '@/server/routing';

/** Every domain's job kinds: the one place that knows them all. */
export const applicationJobKinds: JobKinds = { ...routingJobKinds, ...bookingJobKinds };

// Fixed from the project root: inside the Next server bundle this module does not sit next to it.
registerJobKinds(applicationJobKinds, { threadEntry: path.join(process.cwd(), 'server', 'app-jobs', 'thread-entry.mjs') });
