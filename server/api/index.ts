/**
 * The console's API: tRPC routers over the domain modules, for the dispatcher console's pages.
 * Clients take their types from here (`RouterOutputs`, `RouterInputs`), never copies.
 */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from './root';

export { appRouter, toAccountTree, type AccountNode, type AppRouter } from './root';
export { createTrpcContext, type TrpcContext } from './trpc';
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;
