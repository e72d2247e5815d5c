/**
 * The application's jobs: the jobs layer with every domain's job kinds registered. The jobs layer
 * imports no domain; entry points (route handlers, the console, the worker process, tests of the
 * domains' services) take the job service from here, so the kinds are registered before the first
 * job is submitted or run, in the process and in its worker threads.
 */
import './kinds';

export { applicationJobKinds } from './kinds';
export { createJobs, getJobs, stopJobs, startJobWorker, type Jobs } from '@/server/jobs';
