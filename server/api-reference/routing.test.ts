import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/server/http';
import { registerRoutingApi } from './routing';

type Json = Record<string, unknown>;
const doc = buildOpenApiDocument([registerRoutingApi]) as unknown as {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> };
};

const resolve = (schema: Json): Json => {
  const ref = schema.$ref;
  return typeof ref === 'string' ? doc.components.schemas[ref.split('/').pop()!]! : schema;
};

function codesOf(operation: Json): Map<string, string[]> {
  const byStatus = new Map<string, string[]>();
  for (const [status, response] of Object.entries(operation.responses as Record<string, { description: string }>)) {
    byStatus.set(
      status,
      [...response.description.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!),
    );
  }
  return byStatus;
}

describe('routing in the OpenAPI document', () => {
  it('describes every routing and itinerary operation', () => {
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/v1/itineraries',
      '/v1/itineraries/{id}',
      '/v1/routing/book',
      '/v1/routing/jobs/{problemId}',
      '/v1/routing/plan',
      '/v1/routing/run',
    ]);
  });

  it('lists every error code of the contract’s routing table where it can occur', () => {
    const submit = [
      'unauthenticated',
      'no_account_for_user',
      'invalid_input',
      'invalid_routing_input',
      'string_account_id_unsupported',
      'account_mismatch',
      'enqueue_failed',
      'optimization_failed',
      'unknown_job_state',
    ];
    for (const path of ['/v1/routing/run', '/v1/routing/plan', '/v1/routing/book']) {
      const codes = [...codesOf(doc.paths[path]!.post!).values()].flat();
      for (const code of submit) expect(codes, `${path} ${code}`).toContain(code);
    }
    expect([...codesOf(doc.paths['/v1/routing/book']!.post!).values()].flat()).toContain('book_failed');
    const poll = codesOf(doc.paths['/v1/routing/jobs/{problemId}']!.get!);
    expect(poll.get('400')).toContain('invalid_job_id');
    expect(poll.get('404')).toContain('job_not_found');
    expect(poll.get('500')).toEqual(
      expect.arrayContaining([
        'optimization_failed',
        'enqueue_failed',
        'unknown_job_state',
        'job_lookup_failed',
        'book_failed',
      ]),
    );
    expect(poll.get('401')).toEqual(expect.arrayContaining(['unauthenticated', 'no_account_for_user']));
  });

  it('documents the request fields down to orders, payload items and fleet entries, all closed to unknown fields', () => {
    const request = resolve(
      (doc.paths['/v1/routing/plan']!.post!.requestBody as { content: Record<string, { schema: Json }> }).content[
        'application/json'
      ]!.schema,
    );
    const properties = request.properties as Record<string, Json>;
    expect(Object.keys(properties).sort()).toEqual([
      'accountId',
      'fleet',
      'mode',
      'options',
      'orders',
      'problemId',
      'targetItineraryIds',
    ]);
    const order = resolve(properties.orders!.items as Json);
    expect(Object.keys(order.properties as Json)).toEqual(
      expect.arrayContaining([
        'externalId',
        'pickupAddress',
        'dropoffWindowClose',
        'payloadItems',
        'customTags',
        'requiredSkills',
      ]),
    );
    expect(order.additionalProperties).toBe(false);
    // A fleet entry is a FleetSpec or an itinerary as the service returns it (a warm start).
    const [fleetSpec, itineraryShaped] = ((properties.fleet!.items as Json).anyOf as Json[]).map(resolve);
    expect(Object.keys(fleetSpec!.properties as Json)).toEqual(
      expect.arrayContaining([
        'driverExternalId',
        'vehicleExternalId',
        'vehicleType',
        'scheduledStart',
        'vehicleSpec',
        'routeSkills',
      ]),
    );
    expect(Object.keys(itineraryShaped!.properties as Json)).toEqual(
      expect.arrayContaining(['driverExternalId', 'vehicleExternalId', 'itineraryStops']),
    );
    const options = resolve(properties.options!);
    expect(Object.keys(options.properties as Json)).toEqual(
      expect.arrayContaining([
        'objective',
        'trafficMode',
        'enableStopClustering',
        'volumeOptimization',
        'bundlePayloadItems',
        'tagPriorities',
        'lockedStops',
        'vehicleMaps',
        'vehicleSpecOverrides',
      ]),
    );
  });

  it('documents the result, the pending body and the reason codes', () => {
    const ok = (
      doc.paths['/v1/routing/plan']!.post!.responses as Record<string, { content: Record<string, { schema: Json }> }>
    )['200']!;
    // A plan result, or (an updateItinerary body on /plan) the preview of what book would return.
    const [plan, preview] = (ok.content['application/json']!.schema.anyOf as Json[]).map(resolve);
    expect(Object.keys(plan!.properties as Json)).toEqual(['problemId', 'itineraries', 'unassigned', 'summary']);
    expect(Object.keys(preview!.properties as Json)).toEqual(
      expect.arrayContaining(['problemId', 'itineraries', 'unassigned']),
    );
    const pending = (
      doc.paths['/v1/routing/plan']!.post!.responses as Record<string, { content: Record<string, { schema: Json }> }>
    )['202']!;
    expect(Object.keys(resolve(pending.content['application/json']!.schema).properties as Json)).toEqual([
      'jobId',
      'problemId',
      'status',
      'statusUrl',
    ]);
    const description = doc.paths['/v1/routing/plan']!.post!.description as string;
    for (const code of ['NO_VEHICLE_WITH_SKILLS', 'ADDRESS_NOT_RESOLVED', 'INSUFFICIENT_FLEET', 'LOCKED_STOP_CONFLICT'])
      expect(description).toContain(code);
  });
});
