/**
 * The solver's index vocabulary (as VROOM's typedefs.h): jobs, their stop nodes, vehicles. Node
 * 2j is job j's pickup, 2j + 1 its delivery; use these helpers, never the arithmetic.
 */
import type { Instance } from './instance';

/** A job: one order of the problem (a Shipment), by its index; see index.ts for the vocabulary. */
export type JobIndex = number;
/** A stop of a job: its pickup node or its delivery node (see pickupNode, deliveryNode). */
export type NodeIndex = number;
/** A vehicle, by its index; the search's route r is vehicle r's route. */
export type VehicleIndex = number;

export const PICKUP = 0;
export const DELIVERY = 1;

/** The node of job j's pickup (side PICKUP) or delivery (side DELIVERY): nodes are 2j and 2j+1. */
export function nodeOf(job: JobIndex, side: number): NodeIndex {
  return 2 * job + side;
}

export function pickupNode(job: JobIndex): NodeIndex {
  return 2 * job;
}

export function deliveryNode(job: JobIndex): NodeIndex {
  return 2 * job + 1;
}

/** The job a node belongs to. */
export function jobOf(node: NodeIndex): JobIndex {
  return node >> 1;
}

/** Whether a node is its job's delivery (else its pickup). */
export function isDeliveryNode(node: NodeIndex): boolean {
  return (node & 1) === 1;
}

/** The other stop of a node's job: the delivery of a pickup, the pickup of a delivery. */
export function partnerNode(node: NodeIndex): NodeIndex {
  return node ^ 1;
}

/** Whether job j has a stop on that side (a single-stop job lacks one: loaded at the start or carried to the end). */
export function hasStop(inst: Instance, job: JobIndex, side: number): boolean {
  return inst.nodeLocation[nodeOf(job, side)]! >= 0;
}

/** Whether job j has both a pickup and a delivery (a pair that one route must serve in that order). */
export function isPair(inst: Instance, job: JobIndex): boolean {
  return hasStop(inst, job, PICKUP) && hasStop(inst, job, DELIVERY);
}
