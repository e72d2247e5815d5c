/**
 * Independent verification of optimizer solutions: a feasibility checker, an exact solver for
 * tiny problems, audits of left-out shipments and their reasons, and seeded instance generators.
 * Uses only the model and the optimizer's public functions, never its internals.
 */
export { checkSolution, type CheckOptions, type CheckResult } from './checker';
export {
  solveExhaustively,
  toSolution,
  EXHAUSTIVE_MAX_SHIPMENTS,
  EXHAUSTIVE_MAX_VEHICLES,
  type ExhaustiveResult,
} from './exhaustive';
export {
  compareObjective,
  describeObjective,
  objectiveValue,
  solutionObjective,
  countsVehicles,
  type ObjectiveValue,
} from './objective';
export {
  missedInsertions,
  priorityInversions,
  reasonMismatches,
  vehiclesServingAlone,
  type MissedInsertion,
  type PriorityInversion,
} from './audit';
export {
  randomInstance,
  featureMix,
  mixedInstance,
  cityInstance,
  haversineMatrix,
  seededRandom,
  rushHourTraffic,
  euclideanMatrices,
  CITY,
  CITY_DAY,
  DAY_START,
  type RandomInstanceOptions,
  type CityInstanceOptions,
  type MatrixBuilder,
} from './generators';
export {
  REASON_CODES,
  simulate,
  bestSchedule,
  routeFromSchedule,
  structuralFailure,
  trafficFactor,
  legDuration,
  type StopRef,
} from './schedule';
