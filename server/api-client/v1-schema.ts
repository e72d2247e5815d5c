// Generated from the /v1 OpenAPI document by `npm run client:generate`; do not edit.
// A test fails when this file no longer matches the document (server/api-client/generate.test.ts).
export interface paths {
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Liveness
     * @description The process is up. Does not touch the database.
     */
    get: operations['health'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Readiness
     * @description The configuration is valid and the database answers. 503 (with Retry-After) otherwise.
     */
    get: operations['readiness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Prometheus metrics
     * @description Request counters by route and status, a latency histogram and process metrics, in the Prometheus text format. With METRICS_TOKEN configured, send it as a Bearer token; otherwise only clients on the server machine are answered.
     */
    get: operations['metrics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This OpenAPI document
     * @description OpenAPI 3.1, generated from the schemas the server validates with. A browsable version is at /v1/docs.
     */
    get: operations['openapi'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/routing/run': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Plan routes (mode `plan`)
     * @description Optimizes the orders over the fleet and writes nothing. Waits for the result up to the sync window: 30 s by default, `Prefer: wait=N` for 0 to 120 s. Finished in time: 200 with the result; else 202 with `statusUrl` to poll (the job goes on).
     *
     *     Options merge in this order, later wins: service defaults, the account’s effective (inherited) optimization settings, the request’s `options`; map-like options are [key, value] tuples merged per key.
     *
     *     Limits: at most 2000 orders and 300 fleet entries (400 `invalid_input` naming the field and the limit).
     *
     *     Idempotency: the job is keyed by (account, live/sandbox, problemId) and the canonical body (sorted keys). The same body returns the same job; a different body with a retained problemId is 400 `invalid_routing_input` (param `problemId`); an identical retry of a failed job re-runs it.
     *
     *     Vehicle types (capacity, stops, shift):
     *     - `car`: 500 lb, 34560 in³, 40 stops, 10 h shift
     *     - `pickup-truck`: 1500 lb, 103680 in³, 40 stops, 10 h shift
     *     - `cargo-van`: 3000 lb, 432000 in³, 60 stops, 10 h shift
     *     - `sprinter-van`: 4000 lb, 829440 in³, 60 stops, 10 h shift
     *     - `box-truck`: 10000 lb, 2764800 in³, 30 stops, 11 h shift
     *
     *     Unassigned reason codes:
     *     - `NO_VEHICLE_WITH_SKILLS`: No vehicle in the fleet provides all of the order’s requiredSkills.
     *     - `EXCEEDS_VEHICLE_CAPACITY`: The order’s weight (or, with volumeOptimization, volume) exceeds every eligible vehicle’s capacity.
     *     - `TIME_WINDOW_UNREACHABLE`: No eligible vehicle can reach the pickup and dropoff inside their time windows.
     *     - `INVALID_TIME_WINDOW`: A time window of the order closes before it opens.
     *     - `OUTSIDE_SHIFT`: The order’s windows lie outside every eligible vehicle’s shift.
     *     - `ADDRESS_NOT_RESOLVED`: The pickup or dropoff address could not be located (no coordinates and an unknown or missing postal code).
     *     - `LOCKED_STOP_CONFLICT`: The order’s locked stops cannot be served in the pinned order on the pinned itinerary.
     *     - `INSUFFICIENT_FLEET`: The order is feasible on its own, but the fleet has no room left for it.
     */
    post: operations['routingRun'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/routing/plan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Plan routes in any mode, writing nothing (an update is previewed)
     * @description Plans whatever `mode` says and never writes. `createItinerary` is planned as book would plan it (a plan result). `updateItinerary` with `targetItineraryIds` is a preview of that update: 200 with exactly the result book would give, each itinerary with its `changes`, and nothing written (the itineraries keep their versions; an itinerary the update would add has an id that is not kept).
     *
     *     Optimizes the orders over the fleet and writes nothing. Waits for the result up to the sync window: 30 s by default, `Prefer: wait=N` for 0 to 120 s. Finished in time: 200 with the result; else 202 with `statusUrl` to poll (the job goes on).
     *
     *     Options merge in this order, later wins: service defaults, the account’s effective (inherited) optimization settings, the request’s `options`; map-like options are [key, value] tuples merged per key.
     *
     *     Limits: at most 2000 orders and 300 fleet entries (400 `invalid_input` naming the field and the limit).
     *
     *     Idempotency: the job is keyed by (account, live/sandbox, problemId) and the canonical body (sorted keys). The same body returns the same job; a different body with a retained problemId is 400 `invalid_routing_input` (param `problemId`); an identical retry of a failed job re-runs it.
     *
     *     Vehicle types (capacity, stops, shift):
     *     - `car`: 500 lb, 34560 in³, 40 stops, 10 h shift
     *     - `pickup-truck`: 1500 lb, 103680 in³, 40 stops, 10 h shift
     *     - `cargo-van`: 3000 lb, 432000 in³, 60 stops, 10 h shift
     *     - `sprinter-van`: 4000 lb, 829440 in³, 60 stops, 10 h shift
     *     - `box-truck`: 10000 lb, 2764800 in³, 30 stops, 11 h shift
     *
     *     Unassigned reason codes:
     *     - `NO_VEHICLE_WITH_SKILLS`: No vehicle in the fleet provides all of the order’s requiredSkills.
     *     - `EXCEEDS_VEHICLE_CAPACITY`: The order’s weight (or, with volumeOptimization, volume) exceeds every eligible vehicle’s capacity.
     *     - `TIME_WINDOW_UNREACHABLE`: No eligible vehicle can reach the pickup and dropoff inside their time windows.
     *     - `INVALID_TIME_WINDOW`: A time window of the order closes before it opens.
     *     - `OUTSIDE_SHIFT`: The order’s windows lie outside every eligible vehicle’s shift.
     *     - `ADDRESS_NOT_RESOLVED`: The pickup or dropoff address could not be located (no coordinates and an unknown or missing postal code).
     *     - `LOCKED_STOP_CONFLICT`: The order’s locked stops cannot be served in the pinned order on the pinned itinerary.
     *     - `INSUFFICIENT_FLEET`: The order is feasible on its own, but the fleet has no room left for it.
     */
    post: operations['routingPlan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/routing/book': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Optimize and persist itineraries (createItinerary, updateItinerary)
     * @description Synchronous: never 202, waits for the optimization and answers 200 with the persisted itineraries. `createItinerary` writes new itineraries (fleet required); `updateItinerary` re-optimizes the orders already on `targetItineraryIds` plus the request’s orders over those itineraries’ vehicles (starting from their booked sequences) and any vehicles `fleet` adds, keeps their ids and renumbers their stops; an added vehicle that gets stops becomes a new itinerary in the same transaction. Each itinerary of an update result carries `changes`: orders added and removed, whether the kept ones were resequenced, the largest arrival shift. A `fleet` element may be an itinerary as this service returns it: its vehicle fields define the vehicle and its stops are the search’s starting sequence. The itineraries are written in the transaction that completes the job: concurrent identical calls run once and all get the same 200; a failure writes nothing (500 `book_failed`, safe to retry).
     *
     *     Options merge in this order, later wins: service defaults, the account’s effective (inherited) optimization settings, the request’s `options`; map-like options are [key, value] tuples merged per key.
     *
     *     Limits: at most 2000 orders and 300 fleet entries (400 `invalid_input` naming the field and the limit).
     *
     *     Idempotency: the job is keyed by (account, live/sandbox, problemId) and the canonical body (sorted keys). The same body returns the same job; a different body with a retained problemId is 400 `invalid_routing_input` (param `problemId`); an identical retry of a failed job re-runs it.
     *
     *     Vehicle types (capacity, stops, shift):
     *     - `car`: 500 lb, 34560 in³, 40 stops, 10 h shift
     *     - `pickup-truck`: 1500 lb, 103680 in³, 40 stops, 10 h shift
     *     - `cargo-van`: 3000 lb, 432000 in³, 60 stops, 10 h shift
     *     - `sprinter-van`: 4000 lb, 829440 in³, 60 stops, 10 h shift
     *     - `box-truck`: 10000 lb, 2764800 in³, 30 stops, 11 h shift
     *
     *     Unassigned reason codes:
     *     - `NO_VEHICLE_WITH_SKILLS`: No vehicle in the fleet provides all of the order’s requiredSkills.
     *     - `EXCEEDS_VEHICLE_CAPACITY`: The order’s weight (or, with volumeOptimization, volume) exceeds every eligible vehicle’s capacity.
     *     - `TIME_WINDOW_UNREACHABLE`: No eligible vehicle can reach the pickup and dropoff inside their time windows.
     *     - `INVALID_TIME_WINDOW`: A time window of the order closes before it opens.
     *     - `OUTSIDE_SHIFT`: The order’s windows lie outside every eligible vehicle’s shift.
     *     - `ADDRESS_NOT_RESOLVED`: The pickup or dropoff address could not be located (no coordinates and an unknown or missing postal code).
     *     - `LOCKED_STOP_CONFLICT`: The order’s locked stops cannot be served in the pinned order on the pinned itinerary.
     *     - `INSUFFICIENT_FLEET`: The order is feasible on its own, but the fleet has no room left for it.
     */
    post: operations['routingBook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/routing/jobs/{problemId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Poll a routing job
     * @description 200 with the result when complete (a plan result, or for book the persisted itineraries); 202 `{ status: "processing" }` with Retry-After while running. Only the account and environment (live/sandbox) that created the job can see it; anyone else gets the same 404 as for an unknown id. Finished jobs are kept 30 minutes.
     */
    get: operations['routingJob'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/itineraries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Booked itineraries on a date
     * @description Itineraries written by routing book, of the caller’s account and its branches, in the caller’s environment (live or sandbox), whose scheduled start falls on the local date.
     */
    get: operations['listItineraries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/itineraries/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One booked itinerary */
    get: operations['getItinerary'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/booking/recommend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a search for priced hourly delivery windows
     * @description Checks, in this order: API-key Basic authentication, the body, the branch (exists, inside the key’s tree), `deliveryMethod` (a catalog vehicle type or one the account maps), the pickup origin (request `origin`, else the account’s pickup override, else the branch location), the destination’s time zone, the slot policy in the destination’s local time (its errors carry what would work), the destination, then the rate limit per account and live/sandbox. Then answers 202 with a handle to poll, `Location: /v1/booking/jobs/{jobId}` and `Retry-After: 2`.
     *
     *     `destination` and `origin` may carry `latitude` and `longitude` (decimal strings, as routing addresses): then nothing is geocoded (the destination’s postal code still names its time zone).
     *
     *     Buckets (local hours, configurable per account): MORNING, AFTERNOON, EVENING, AFTER_8PM, FLEXIBLE. Each hour of the bucket is searched on the booked routes of the branch’s subtree that day (of the `deliveryMethod` vehicle type when given): a window’s start is the earliest feasible dropoff start in that hour, its end the end of the hour; one window per (route, hour) that fits, windows identical in start, end and price returned once; sorted by start, then end. Price: the account’s rate card for the vehicle type, else the vehicle catalog’s default card.
     *
     *     Dedupe: an identical request (everything but `contact`, per account and live/sandbox; numeric ids canonical, branch "02" is branch 2) while a search runs, or within 10 minutes of one that found windows while the branch subtree’s itineraries for that date and environment and the effective booking settings and slot policy are unchanged, returns that search’s handle. Otherwise (an empty, failed or canceled search, one past the window, or routes or settings changed since) a new search runs under a new, distinct jobId. `problemId` is the SHA-256 of that input; the first search of an input has `jobId` = `problemId`. Limits: 100 cart items; 10 searches per second per account, bursts of 20.
     */
    post: operations['bookingRecommend'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/booking/jobs/{jobId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Poll a booking search
     * @description 202 `{ status: "processing" }` with `Retry-After: 2` while searching; 200 with the windows (chronological, all equally bookable, each distinct) and `timeZone`, `date`, `timeframeBucket`, `computedAt`; or an empty list with `fallback: "asap"` and `fallbackReason` saying why. Only the account and environment that created the search can poll it; results are kept 10 minutes after completion.
     */
    get: operations['bookingJob'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    BookingHandle: {
      jobId: string;
      problemId: string;
      /** @enum {string} */
      status: 'processing';
    };
    BookingRecommendRequest: {
      cart: {
        items: {
          description: string;
          dimensionsCm: {
            height: number;
            length: number;
            width: number;
          };
          quantity: number;
          weightKg: number;
        }[];
        orderValueCents: number;
      };
      contact?: {
        email: string;
        name: string;
      };
      date: string;
      deliveryMethod?: string;
      destination: {
        addressLine1: string;
        city: string;
        postalCode: string;
        state: string;
        latitude?: string;
        longitude?: string;
      };
      fulfillingBranchId: string;
      origin?: {
        addressLine1?: string;
        city?: string;
        postalCode?: string;
        state?: string;
        latitude?: string;
        longitude?: string;
      };
      /** @enum {string} */
      timeframeBucket?: 'MORNING' | 'AFTERNOON' | 'EVENING' | 'AFTER_8PM' | 'FLEXIBLE';
    };
    BookingResult: {
      /** @enum {string} */
      status: 'complete';
      /** @description Distinct windows (start, end, price), sorted by start, then end. */
      windows: {
        /** @description ISO 8601 with the destination's UTC offset on that date. */
        deliveryWindowStart: string;
        deliveryWindowEnd: string;
        price?: {
          amountCents: number;
          /** @enum {string} */
          currency: 'usd';
          /** @enum {string} */
          model: 'markup' | 'pass_through' | 'free_over' | 'on_account';
          billedToAccount: boolean;
        };
      }[];
      /** @enum {string} */
      fallback?: 'asap';
      /**
       * @description With an empty result only: `no_routes` (no itinerary of the branch subtree on that date for that delivery method); `cart_exceeds_vehicle_capacity` (the cart fits no vehicle of that type even when the vehicle is empty); `no_hours_left` (the lead time leaves no hour of the bucket (another bucket that day may still work)); `no_feasible_insertion` (routes exist but none can take the order in any hour of the bucket).
       * @enum {string}
       */
      fallbackReason?: 'no_routes' | 'cart_exceeds_vehicle_capacity' | 'no_hours_left' | 'no_feasible_insertion';
      /** @description IANA name of the destination's time zone. */
      timeZone: string;
      /** @description The requested local date, YYYY-MM-DD. */
      date: string;
      /**
       * @description The bucket searched (the slot policy's default when the request named none).
       * @enum {string}
       */
      timeframeBucket: 'MORNING' | 'AFTERNOON' | 'EVENING' | 'AFTER_8PM' | 'FLEXIBLE';
      /** @description When the search ran (ISO 8601, UTC). */
      computedAt: string;
    };
    /** @description Every error response of the API has this shape. */
    Error: {
      /** @description Further members may be added; ignore the ones you do not know. */
      error: {
        /**
         * @description `rate_limit_error` only with status 429.
         * @enum {string}
         */
        type: 'invalid_request_error' | 'authentication_error' | 'api_error' | 'rate_limit_error';
        /**
         * @description Machine-readable error code; see each operation for its codes.
         * @example invalid_input
         */
        code: string;
        /** @description Human-readable explanation. Do not parse it. */
        message: string;
        /**
         * @description JSON path of the offending request field, when one is at fault.
         * @example orders[3].dropoffWindowClose
         */
        param?: string;
        /** @description With 429 only: seconds to wait before retrying. */
        retryAfterSeconds?: number;
      };
    };
    /** @description A booked itinerary. */
    Itinerary: {
      /** @description Itinerary id: use it in targetItineraryIds and GET /v1/itineraries/{id}. */
      id: number;
      accountId: number;
      /** @enum {string} */
      environment: 'live' | 'sandbox';
      /** @description The request that last wrote the itinerary. */
      problemId: string;
      /** @description Local date (YYYY-MM-DD) of the scheduled start. */
      date: string;
      /** @description <driverExternalId>:<vehicleExternalId> */
      externalId: string;
      driverExternalId: string;
      vehicleExternalId: string;
      /** @description The catalog vehicle type the itinerary was planned with. */
      vehicleType: string;
      /**
       * @description The fleet entry’s scheduled start.
       * @example 2026-11-23T09:30:00-05:00
       */
      scheduledStart: string;
      /**
       * @description Planned departure from the start.
       * @example 2026-11-23T09:30:00-05:00
       */
      routeStart: string;
      /**
       * @description Planned end of the route.
       * @example 2026-11-23T09:30:00-05:00
       */
      routeEnd: string;
      /** @description The depot; null when the fleet entry has no startAddress (the route starts at its first stop). */
      start: {
        address: {
          addressLine1: string;
          city: string;
          state: string;
          postalCode: string;
        };
        latitude: number;
        longitude: number;
        /**
         * @description Planned departure (routeStart).
         * @example 2026-11-23T09:30:00-05:00
         */
        departure: string;
      } | null;
      itineraryStops: {
        /** @description 1-based number of the visit; null for a driver break (breaks are not numbered visits). */
        stopNumber: number | null;
        /** @description For a break: the place the vehicle is (the depot before the first visit, else the last visit). */
        address: {
          addressLine1: string;
          city: string;
          state: string;
          postalCode: string;
        };
        /**
         * @description `break`: a driver break (fleet vehicleSpec.breaks), in stop order where it is taken: arrival is when the vehicle is ready for it, departure when it ends; serviceSeconds is its length, waitSeconds the wait for its window, windowOpen and windowClose the earliest and latest start; no orders, no leg.
         * @enum {string}
         */
        type: 'pickup' | 'dropoff' | 'break';
        /** @description Orders served at this stop (several when bundled or clustered; none for a break). */
        orderExternalIds: string[];
        latitude: number;
        longitude: number;
        /**
         * @description ISO 8601 date-time with the offset of the place’s time zone
         * @example 2026-11-23T09:30:00-05:00
         */
        arrival: string;
        /**
         * @description ISO 8601 date-time with the offset of the place’s time zone
         * @example 2026-11-23T09:30:00-05:00
         */
        departure: string;
        /** @description Waiting for the window to open. */
        waitSeconds: number;
        /** @description As charged: the per-item handling time, plus the setup where the stop before is at another place (more than 25 m away) or this is the first stop. */
        serviceSeconds: number;
        /**
         * @description Earliest start of service; null when open.
         * @example 2026-11-23T09:30:00-05:00
         */
        windowOpen: string | null;
        /**
         * @description Latest start of service; null when open.
         * @example 2026-11-23T09:30:00-05:00
         */
        windowClose: string | null;
        /** @description On board after this stop. */
        load: {
          pounds: number;
          cubicInches: number;
        };
        legDistanceMeters: number;
        legDurationSeconds: number;
      }[];
      /** @description The required end; null when the fleet entry has no endAddress (the route ends at its last stop). The stops’ legs plus this leg add up to the totals. */
      end: {
        address: {
          addressLine1: string;
          city: string;
          state: string;
          postalCode: string;
        };
        latitude: number;
        longitude: number;
        /**
         * @description Planned arrival (routeEnd).
         * @example 2026-11-23T09:30:00-05:00
         */
        arrival: string;
        /** @description From the last stop to here. */
        legDistanceMeters: number;
        /** @description From the last stop’s departure to here. */
        legDurationSeconds: number;
      } | null;
      totals: {
        distanceMeters: number;
        /** @description From departure to the end of the route. */
        durationSeconds: number;
        travelSeconds: number;
        serviceSeconds: number;
        /** @description Waiting for stop windows (and break windows) to open. */
        waitingSeconds: number;
        /** @description Driver breaks taken; present only when the itinerary has some. durationSeconds = travel + service + waiting + breaks. */
        breakSeconds?: number;
      };
      createdAt: string;
      updatedAt: string;
    };
    ItineraryList: {
      date: string;
      itineraries: {
        /** @description Itinerary id: use it in targetItineraryIds and GET /v1/itineraries/{id}. */
        id: number;
        accountId: number;
        /** @enum {string} */
        environment: 'live' | 'sandbox';
        /** @description The request that last wrote the itinerary. */
        problemId: string;
        /** @description Local date (YYYY-MM-DD) of the scheduled start. */
        date: string;
        /** @description <driverExternalId>:<vehicleExternalId> */
        externalId: string;
        driverExternalId: string;
        vehicleExternalId: string;
        /** @description The catalog vehicle type the itinerary was planned with. */
        vehicleType: string;
        /**
         * @description The fleet entry’s scheduled start.
         * @example 2026-11-23T09:30:00-05:00
         */
        scheduledStart: string;
        /**
         * @description Planned departure from the start.
         * @example 2026-11-23T09:30:00-05:00
         */
        routeStart: string;
        /**
         * @description Planned end of the route.
         * @example 2026-11-23T09:30:00-05:00
         */
        routeEnd: string;
        /** @description The depot; null when the fleet entry has no startAddress (the route starts at its first stop). */
        start: {
          address: {
            addressLine1: string;
            city: string;
            state: string;
            postalCode: string;
          };
          latitude: number;
          longitude: number;
          /**
           * @description Planned departure (routeStart).
           * @example 2026-11-23T09:30:00-05:00
           */
          departure: string;
        } | null;
        itineraryStops: {
          /** @description 1-based number of the visit; null for a driver break (breaks are not numbered visits). */
          stopNumber: number | null;
          /** @description For a break: the place the vehicle is (the depot before the first visit, else the last visit). */
          address: {
            addressLine1: string;
            city: string;
            state: string;
            postalCode: string;
          };
          /**
           * @description `break`: a driver break (fleet vehicleSpec.breaks), in stop order where it is taken: arrival is when the vehicle is ready for it, departure when it ends; serviceSeconds is its length, waitSeconds the wait for its window, windowOpen and windowClose the earliest and latest start; no orders, no leg.
           * @enum {string}
           */
          type: 'pickup' | 'dropoff' | 'break';
          /** @description Orders served at this stop (several when bundled or clustered; none for a break). */
          orderExternalIds: string[];
          latitude: number;
          longitude: number;
          /**
           * @description ISO 8601 date-time with the offset of the place’s time zone
           * @example 2026-11-23T09:30:00-05:00
           */
          arrival: string;
          /**
           * @description ISO 8601 date-time with the offset of the place’s time zone
           * @example 2026-11-23T09:30:00-05:00
           */
          departure: string;
          /** @description Waiting for the window to open. */
          waitSeconds: number;
          /** @description As charged: the per-item handling time, plus the setup where the stop before is at another place (more than 25 m away) or this is the first stop. */
          serviceSeconds: number;
          /**
           * @description Earliest start of service; null when open.
           * @example 2026-11-23T09:30:00-05:00
           */
          windowOpen: string | null;
          /**
           * @description Latest start of service; null when open.
           * @example 2026-11-23T09:30:00-05:00
           */
          windowClose: string | null;
          /** @description On board after this stop. */
          load: {
            pounds: number;
            cubicInches: number;
          };
          legDistanceMeters: number;
          legDurationSeconds: number;
        }[];
        /** @description The required end; null when the fleet entry has no endAddress (the route ends at its last stop). The stops’ legs plus this leg add up to the totals. */
        end: {
          address: {
            addressLine1: string;
            city: string;
            state: string;
            postalCode: string;
          };
          latitude: number;
          longitude: number;
          /**
           * @description Planned arrival (routeEnd).
           * @example 2026-11-23T09:30:00-05:00
           */
          arrival: string;
          /** @description From the last stop to here. */
          legDistanceMeters: number;
          /** @description From the last stop’s departure to here. */
          legDurationSeconds: number;
        } | null;
        totals: {
          distanceMeters: number;
          /** @description From departure to the end of the route. */
          durationSeconds: number;
          travelSeconds: number;
          serviceSeconds: number;
          /** @description Waiting for stop windows (and break windows) to open. */
          waitingSeconds: number;
          /** @description Driver breaks taken; present only when the itinerary has some. durationSeconds = travel + service + waiting + breaks. */
          breakSeconds?: number;
        };
        createdAt: string;
        updatedAt: string;
      }[];
    };
    RoutingBookRequest: {
      /**
       * @description Required: `createItinerary` or `updateItinerary`.
       * @enum {string}
       */
      mode: 'createItinerary' | 'updateItinerary';
      /**
       * @description Caller-generated idempotency key and public job id.
       * @example plan-2026-11-23-brooklyn
       */
      problemId: string;
      /** @description Shipments to assign (at most 2000). */
      orders: {
        /** @description Stable shipment ID; keys unassigned reasons and stops. */
        externalId: string;
        /** @description A place. With latitude and longitude (decimal degrees as strings) geocoding is skipped; otherwise the address is geocoded. */
        pickupAddress?: {
          addressLine1?: string;
          city?: string;
          state?: string;
          postalCode?: string;
          latitude?: string;
          longitude?: string;
        };
        /** @description A place. With latitude and longitude (decimal degrees as strings) geocoding is skipped; otherwise the address is geocoded. */
        dropoffAddress?: {
          addressLine1?: string;
          city?: string;
          state?: string;
          postalCode?: string;
          latitude?: string;
          longitude?: string;
        };
        /**
         * Format: date-time
         * @description ISO 8601 date-time with offset, in the years 2000-2100
         */
        pickupWindowOpen?: string;
        /**
         * Format: date-time
         * @description ISO 8601 date-time with offset, in the years 2000-2100
         */
        pickupWindowClose?: string;
        /**
         * Format: date-time
         * @description ISO 8601 date-time with offset, in the years 2000-2100
         */
        dropoffWindowOpen?: string;
        /**
         * Format: date-time
         * @description ISO 8601 date-time with offset, in the years 2000-2100
         */
        dropoffWindowClose?: string;
        payloadItems?: {
          description?: string;
          /** @description Inches */
          height?: number;
          /** @description Inches */
          length?: number;
          /** @description Inches */
          width?: number;
          /** @description Pounds, per item */
          weight?: number;
          /** @default 1 */
          quantity: number;
          id?: string;
        }[];
        customTags?: {
          name: string;
        }[];
        /** @description Skills the serving vehicle must provide; a vehicle serves the order only if its routeSkills contain them all. */
        requiredSkills?: string[];
      }[];
      /**
       * @description Numeric internal account ID. Defaults to the authenticated credential's account; a different account gives 403 account_mismatch; a string gives 400 string_account_id_unsupported.
       * @example 1042
       */
      accountId?: number | string;
      /** @description Driver/vehicle pairs (at most 300): FleetSpec objects for new tours, or itineraries as this service returns them (their stops are the search's starting point). Required for plan and createItinerary; for updateItinerary the vehicles added to the target itineraries' (each that gets stops becomes a new itinerary). */
      fleet?: (
        | {
            driverExternalId: string;
            vehicleExternalId: string;
            /** @description A catalog type (car, pickup-truck, cargo-van, sprinter-van, box-truck) or a name mapped to one by options.vehicleMaps. */
            vehicleType: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time with offset, in the years 2000-2100
             */
            scheduledStart: string;
            /** @description Overrides of the vehicle type catalog figures (pounds, cubic inches, hours), and the driver breaks of this vehicle. */
            vehicleSpec?: {
              capacityPounds?: number;
              capacityCubicInches?: number;
              maxStops?: number;
              shiftHours?: number;
              speedFactor?: number;
              fixedCost?: number;
              costPerHour?: number;
              costPerMile?: number;
              /** @description Driver breaks (at most 3), taken in the order of their earliestStart. A vehicle that serves any order takes every one of its breaks; orders that would push a break out of its window are left unassigned. plan and run only: book refuses them. */
              breaks?: {
                /**
                 * Format: date-time
                 * @description The break starts no earlier than this.
                 */
                earliestStart: string;
                /**
                 * Format: date-time
                 * @description The break ends no later than this.
                 */
                latestEnd: string;
                /** @description Whole minutes, taken in one piece (1-720). */
                durationMinutes: number;
              }[];
            };
            routeSkills?: string[];
            externalId?: string;
            meta?: {
              [key: string]: unknown;
            };
            /** @description Where the route starts (a depot). Omitted: the route starts at its first stop. */
            startAddress?: {
              addressLine1?: string;
              city?: string;
              state?: string;
              postalCode?: string;
              latitude?: string;
              longitude?: string;
            };
            /** @description Where the route must end. Omitted: the route ends at its last stop. */
            endAddress?: {
              addressLine1?: string;
              city?: string;
              state?: string;
              postalCode?: string;
              latitude?: string;
              longitude?: string;
            };
          }
        | {
            driverExternalId: string;
            vehicleExternalId: string;
            /** @description A catalog type (car, pickup-truck, cargo-van, sprinter-van, box-truck) or a name mapped to one by options.vehicleMaps. */
            vehicleType: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time with offset, in the years 2000-2100
             */
            scheduledStart: string;
            /** @description Overrides of the vehicle type catalog figures (pounds, cubic inches, hours), and the driver breaks of this vehicle. */
            vehicleSpec?: {
              capacityPounds?: number;
              capacityCubicInches?: number;
              maxStops?: number;
              shiftHours?: number;
              speedFactor?: number;
              fixedCost?: number;
              costPerHour?: number;
              costPerMile?: number;
              /** @description Driver breaks (at most 3), taken in the order of their earliestStart. A vehicle that serves any order takes every one of its breaks; orders that would push a break out of its window are left unassigned. plan and run only: book refuses them. */
              breaks?: {
                /**
                 * Format: date-time
                 * @description The break starts no earlier than this.
                 */
                earliestStart: string;
                /**
                 * Format: date-time
                 * @description The break ends no later than this.
                 */
                latestEnd: string;
                /** @description Whole minutes, taken in one piece (1-720). */
                durationMinutes: number;
              }[];
            };
            routeSkills?: string[];
            meta?: {
              [key: string]: unknown;
            };
            /** @description The depot (start) or required end of the itinerary: its coordinates define the vehicle’s start or end. */
            start?: {
              address?: {
                addressLine1?: string;
                city?: string;
                state?: string;
                postalCode?: string;
              };
              latitude: number;
              longitude: number;
              /** @description Output-only: accepted and ignored. */
              departure?: unknown;
              /** @description Output-only: accepted and ignored. */
              arrival?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDistanceMeters?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDurationSeconds?: unknown;
            } | null;
            /** @description The depot (start) or required end of the itinerary: its coordinates define the vehicle’s start or end. */
            end?: {
              address?: {
                addressLine1?: string;
                city?: string;
                state?: string;
                postalCode?: string;
              };
              latitude: number;
              longitude: number;
              /** @description Output-only: accepted and ignored. */
              departure?: unknown;
              /** @description Output-only: accepted and ignored. */
              arrival?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDistanceMeters?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDurationSeconds?: unknown;
            } | null;
            /** @description The starting sequence: each stop’s orders must be orders of the request; the search may improve it unless lockedStops pins it. */
            itineraryStops: {
              /**
               * @description `break` stops are ignored: breaks come from vehicleSpec.breaks.
               * @enum {string}
               */
              type: 'pickup' | 'dropoff' | 'break';
              /** @description Orders of the request served at this stop. */
              orderExternalIds: string[];
              /** @description Output-only: accepted and ignored. */
              stopNumber?: unknown;
              /** @description Output-only: accepted and ignored. */
              address?: unknown;
              /** @description Output-only: accepted and ignored. */
              latitude?: unknown;
              /** @description Output-only: accepted and ignored. */
              longitude?: unknown;
              /** @description Output-only: accepted and ignored. */
              arrival?: unknown;
              /** @description Output-only: accepted and ignored. */
              departure?: unknown;
              /** @description Output-only: accepted and ignored. */
              waitSeconds?: unknown;
              /** @description Output-only: accepted and ignored. */
              serviceSeconds?: unknown;
              /** @description Output-only: accepted and ignored. */
              windowOpen?: unknown;
              /** @description Output-only: accepted and ignored. */
              windowClose?: unknown;
              /** @description Output-only: accepted and ignored. */
              load?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDistanceMeters?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDurationSeconds?: unknown;
            }[];
            /** @description Output-only: accepted and ignored. */
            externalId?: unknown;
            /** @description Output-only: accepted and ignored. */
            id?: unknown;
            /** @description Output-only: accepted and ignored. */
            accountId?: unknown;
            /** @description Output-only: accepted and ignored. */
            environment?: unknown;
            /** @description Output-only: accepted and ignored. */
            problemId?: unknown;
            /** @description Output-only: accepted and ignored. */
            date?: unknown;
            /** @description Output-only: accepted and ignored. */
            routeStart?: unknown;
            /** @description Output-only: accepted and ignored. */
            routeEnd?: unknown;
            /** @description Output-only: accepted and ignored. */
            totals?: unknown;
            /** @description Output-only: accepted and ignored. */
            createdAt?: unknown;
            /** @description Output-only: accepted and ignored. */
            updatedAt?: unknown;
            /** @description Output-only: accepted and ignored. */
            changes?: unknown;
          }
      )[];
      /** @description updateItinerary: ids of the booked itineraries to re-optimize. */
      targetItineraryIds?: number[];
      /** @description Per-request routing options; merged over the service defaults and the account’s effective (inherited) optimization settings. */
      options?: {
        /** @description MIN_DURATION (default), MIN_MAX_TRAVEL_COST_DISTANCE, MIN_VEHICLE_AVOID_TOUR_OVERLAP, MIN_VEHICLE_UTILIZATION, or the optimizer-specific MIN_VEHICLES_THEN_DISTANCE, MIN_COST. */
        objective?: string;
        /** @enum {string} */
        trafficMode?: 'automatic' | 'none';
        enableStopClustering?: boolean;
        volumeOptimization?: boolean;
        bundlePayloadItems?: boolean;
        tagPriorities?: [string, number][];
        /** @description [vehicleTypeOrExternalId, { vehicleType }] tuples mapping a caller type name or one vehicle to a catalog type. */
        vehicleMaps?: [
          string,
          {
            vehicleType: string;
          },
        ][];
        /** @description [vehicleTypeOrExternalId, vehicleSpec] tuples overriding catalog figures for a type or one vehicle. */
        vehicleSpecOverrides?: [
          string,
          {
            capacityPounds?: number;
            capacityCubicInches?: number;
            maxStops?: number;
            shiftHours?: number;
            speedFactor?: number;
            fixedCost?: number;
            costPerHour?: number;
            costPerMile?: number;
          },
        ][];
        serviceTime?: {
          setupSeconds?: number;
          perItemSeconds?: number;
        };
        solverTimeLimitSeconds?: number;
        /** @description [itineraryExternalId, [{ orderExternalId, type }]] tuples: those stops stay on that itinerary in that relative order. */
        lockedStops?: [
          string,
          {
            orderExternalId: string;
            /** @enum {string} */
            type: 'pickup' | 'dropoff';
          }[],
        ][];
      };
    };
    RoutingBookResult: {
      problemId: string;
      /** @description The persisted itineraries written by this request. An updateItinerary previewed on /v1/routing/plan answers the same, with nothing written (the id of an itinerary it would add is not kept). */
      itineraries: {
        /** @description Itinerary id: use it in targetItineraryIds and GET /v1/itineraries/{id}. */
        id: number;
        accountId: number;
        /** @enum {string} */
        environment: 'live' | 'sandbox';
        /** @description The request that last wrote the itinerary. */
        problemId: string;
        /** @description Local date (YYYY-MM-DD) of the scheduled start. */
        date: string;
        /** @description <driverExternalId>:<vehicleExternalId> */
        externalId: string;
        driverExternalId: string;
        vehicleExternalId: string;
        /** @description The catalog vehicle type the itinerary was planned with. */
        vehicleType: string;
        /**
         * @description The fleet entry’s scheduled start.
         * @example 2026-11-23T09:30:00-05:00
         */
        scheduledStart: string;
        /**
         * @description Planned departure from the start.
         * @example 2026-11-23T09:30:00-05:00
         */
        routeStart: string;
        /**
         * @description Planned end of the route.
         * @example 2026-11-23T09:30:00-05:00
         */
        routeEnd: string;
        /** @description The depot; null when the fleet entry has no startAddress (the route starts at its first stop). */
        start: {
          address: {
            addressLine1: string;
            city: string;
            state: string;
            postalCode: string;
          };
          latitude: number;
          longitude: number;
          /**
           * @description Planned departure (routeStart).
           * @example 2026-11-23T09:30:00-05:00
           */
          departure: string;
        } | null;
        itineraryStops: {
          /** @description 1-based number of the visit; null for a driver break (breaks are not numbered visits). */
          stopNumber: number | null;
          /** @description For a break: the place the vehicle is (the depot before the first visit, else the last visit). */
          address: {
            addressLine1: string;
            city: string;
            state: string;
            postalCode: string;
          };
          /**
           * @description `break`: a driver break (fleet vehicleSpec.breaks), in stop order where it is taken: arrival is when the vehicle is ready for it, departure when it ends; serviceSeconds is its length, waitSeconds the wait for its window, windowOpen and windowClose the earliest and latest start; no orders, no leg.
           * @enum {string}
           */
          type: 'pickup' | 'dropoff' | 'break';
          /** @description Orders served at this stop (several when bundled or clustered; none for a break). */
          orderExternalIds: string[];
          latitude: number;
          longitude: number;
          /**
           * @description ISO 8601 date-time with the offset of the place’s time zone
           * @example 2026-11-23T09:30:00-05:00
           */
          arrival: string;
          /**
           * @description ISO 8601 date-time with the offset of the place’s time zone
           * @example 2026-11-23T09:30:00-05:00
           */
          departure: string;
          /** @description Waiting for the window to open. */
          waitSeconds: number;
          /** @description As charged: the per-item handling time, plus the setup where the stop before is at another place (more than 25 m away) or this is the first stop. */
          serviceSeconds: number;
          /**
           * @description Earliest start of service; null when open.
           * @example 2026-11-23T09:30:00-05:00
           */
          windowOpen: string | null;
          /**
           * @description Latest start of service; null when open.
           * @example 2026-11-23T09:30:00-05:00
           */
          windowClose: string | null;
          /** @description On board after this stop. */
          load: {
            pounds: number;
            cubicInches: number;
          };
          legDistanceMeters: number;
          legDurationSeconds: number;
        }[];
        /** @description The required end; null when the fleet entry has no endAddress (the route ends at its last stop). The stops’ legs plus this leg add up to the totals. */
        end: {
          address: {
            addressLine1: string;
            city: string;
            state: string;
            postalCode: string;
          };
          latitude: number;
          longitude: number;
          /**
           * @description Planned arrival (routeEnd).
           * @example 2026-11-23T09:30:00-05:00
           */
          arrival: string;
          /** @description From the last stop to here. */
          legDistanceMeters: number;
          /** @description From the last stop’s departure to here. */
          legDurationSeconds: number;
        } | null;
        totals: {
          distanceMeters: number;
          /** @description From departure to the end of the route. */
          durationSeconds: number;
          travelSeconds: number;
          serviceSeconds: number;
          /** @description Waiting for stop windows (and break windows) to open. */
          waitingSeconds: number;
          /** @description Driver breaks taken; present only when the itinerary has some. durationSeconds = travel + service + waiting + breaks. */
          breakSeconds?: number;
        };
        createdAt: string;
        updatedAt: string;
        /** @description updateItinerary only: what the update did to this itinerary, compared with the booked one it rewrote. */
        changes?: {
          /** @description Orders this itinerary gained (all of them on an itinerary the update added). */
          addedOrderExternalIds: string[];
          /** @description Orders it lost: moved to another itinerary or left unassigned. */
          removedOrderExternalIds: string[];
          /** @description The relative order of the stops of the orders it kept changed. */
          resequenced: boolean;
          /** @description Largest absolute change of a kept stop’s arrival, in seconds. */
          maxArrivalShiftSeconds: number;
        };
      }[];
      unassigned: {
        externalId: string;
        reasons: {
          /**
           * @description See the reason codes in the routing section of docs/decisions.md.
           * @enum {string}
           */
          code:
            | 'NO_VEHICLE_WITH_SKILLS'
            | 'EXCEEDS_VEHICLE_CAPACITY'
            | 'TIME_WINDOW_UNREACHABLE'
            | 'INVALID_TIME_WINDOW'
            | 'OUTSIDE_SHIFT'
            | 'ADDRESS_NOT_RESOLVED'
            | 'LOCKED_STOP_CONFLICT'
            | 'INSUFFICIENT_FLEET';
          /** @description Names the limiting fact. */
          description: string;
          /** @description The smallest change found that would let the order in, checked by the solver: with it applied, the order can be inserted into the planned itineraries (or served by the added vehicle) without moving any other order out. Absent when none was found. One change alone; fixes of different orders are independent. See docs/decisions.md. */
          fix?:
            | {
                /** @enum {string} */
                kind: 'widen_window';
                /** @description The change in words, e.g. “A dropoff window closing 25 min later (at 2026-11-23T14:20:00-05:00) would let the order in.” */
                description: string;
                /** @enum {string} */
                side: 'pickup' | 'dropoff';
                /**
                 * @description `close`: the window closes later; `open`: it opens earlier.
                 * @enum {string}
                 */
                bound: 'open' | 'close';
                /** @description How much later it closes (or earlier it opens), in whole minutes. */
                minutes: number;
                /**
                 * @description The order field to change.
                 * @enum {string}
                 */
                field: 'pickupWindowOpen' | 'pickupWindowClose' | 'dropoffWindowOpen' | 'dropoffWindowClose';
                /**
                 * @description Its new value.
                 * @example 2026-11-23T09:30:00-05:00
                 */
                value: string;
              }
            | {
                /** @enum {string} */
                kind: 'extend_shift';
                /** @description The change in words, e.g. “A dropoff window closing 25 min later (at 2026-11-23T14:20:00-05:00) would let the order in.” */
                description: string;
                /** @description The `vehicleExternalId` of the fleet entry to change. */
                vehicleExternalId: string;
                /** @description How much later the shift ends, in whole minutes. */
                minutes: number;
                /**
                 * @description The new end of the shift.
                 * @example 2026-11-23T09:30:00-05:00
                 */
                shiftEnd: string;
                /** @description The `vehicleSpec.shiftHours` that gives that end. */
                shiftHours: number;
              }
            | {
                /** @enum {string} */
                kind: 'add_capacity';
                /** @description The change in words, e.g. “A dropoff window closing 25 min later (at 2026-11-23T14:20:00-05:00) would let the order in.” */
                description: string;
                /** @description The `vehicleExternalId` of the fleet entry to change. */
                vehicleExternalId: string;
                /** @description Weight capacity to add (0 when weight does not bind). */
                pounds: number;
                /** @description Volume capacity to add (0 when volume does not bind; volume binds only with volumeOptimization). */
                cubicInches: number;
                /** @description The new `vehicleSpec.capacityPounds`. */
                capacityPounds: number;
                /** @description The new `vehicleSpec.capacityCubicInches`. */
                capacityCubicInches: number;
              }
            | {
                /** @enum {string} */
                kind: 'add_skill';
                /** @description The change in words, e.g. “A dropoff window closing 25 min later (at 2026-11-23T14:20:00-05:00) would let the order in.” */
                description: string;
                /** @description The `vehicleExternalId` of the fleet entry to change. */
                vehicleExternalId: string;
                /** @description Skills to add to that fleet entry’s `routeSkills`. */
                skills: string[];
              }
            | {
                /** @enum {string} */
                kind: 'add_vehicle';
                /** @description The change in words, e.g. “A dropoff window closing 25 min later (at 2026-11-23T14:20:00-05:00) would let the order in.” */
                description: string;
                /** @description Catalog type of the vehicle to add. */
                vehicleType: string;
                /** @description The fleet entry it copies: scheduled start, depot, end and skills. */
                likeVehicleExternalId: string;
                /** @description The fleet entry to append to `fleet` (a FleetSpec with the full `vehicleSpec` it was checked with); its `driverExternalId` and `vehicleExternalId` are placeholders to replace with real ones. */
                fleetEntry: {
                  [key: string]: unknown;
                };
              };
        }[];
      }[];
      /** @description Totals of the whole result. */
      summary: {
        /** @description Itineraries in the result (vehicles that got stops). */
        vehiclesUsed: number;
        ordersServed: number;
        ordersUnassigned: number;
        /** @description Sum of the itineraries’ totals. */
        distanceMeters: number;
        /** @description Sum of the itineraries’ totals. */
        durationSeconds: number;
      };
    };
    RoutingJobPending: {
      /**
       * @description The job to poll at GET /v1/routing/jobs/{jobId}: the problemId (the contract makes problemId the public job id).
       * @example plan-2026-11-23
       */
      jobId: string;
      problemId: string;
      /** @enum {string} */
      status: 'processing';
      /** @example /v1/routing/jobs/plan-2026-11-23 */
      statusUrl: string;
    };
    RoutingPlanRequest: {
      /**
       * @description Absent or `plan`: a plan. `createItinerary`: planned as book would plan it. `updateItinerary` (with targetItineraryIds): a preview of that update, the result book would give (with `changes`). Nothing is ever written.
       * @enum {string}
       */
      mode?: 'plan' | 'createItinerary' | 'updateItinerary';
      /**
       * @description Caller-generated idempotency key and public job id.
       * @example plan-2026-11-23-brooklyn
       */
      problemId: string;
      /** @description Shipments to assign (at most 2000). */
      orders: {
        /** @description Stable shipment ID; keys unassigned reasons and stops. */
        externalId: string;
        /** @description A place. With latitude and longitude (decimal degrees as strings) geocoding is skipped; otherwise the address is geocoded. */
        pickupAddress?: {
          addressLine1?: string;
          city?: string;
          state?: string;
          postalCode?: string;
          latitude?: string;
          longitude?: string;
        };
        /** @description A place. With latitude and longitude (decimal degrees as strings) geocoding is skipped; otherwise the address is geocoded. */
        dropoffAddress?: {
          addressLine1?: string;
          city?: string;
          state?: string;
          postalCode?: string;
          latitude?: string;
          longitude?: string;
        };
        /**
         * Format: date-time
         * @description ISO 8601 date-time with offset, in the years 2000-2100
         */
        pickupWindowOpen?: string;
        /**
         * Format: date-time
         * @description ISO 8601 date-time with offset, in the years 2000-2100
         */
        pickupWindowClose?: string;
        /**
         * Format: date-time
         * @description ISO 8601 date-time with offset, in the years 2000-2100
         */
        dropoffWindowOpen?: string;
        /**
         * Format: date-time
         * @description ISO 8601 date-time with offset, in the years 2000-2100
         */
        dropoffWindowClose?: string;
        payloadItems?: {
          description?: string;
          /** @description Inches */
          height?: number;
          /** @description Inches */
          length?: number;
          /** @description Inches */
          width?: number;
          /** @description Pounds, per item */
          weight?: number;
          /** @default 1 */
          quantity: number;
          id?: string;
        }[];
        customTags?: {
          name: string;
        }[];
        /** @description Skills the serving vehicle must provide; a vehicle serves the order only if its routeSkills contain them all. */
        requiredSkills?: string[];
      }[];
      /**
       * @description Numeric internal account ID. Defaults to the authenticated credential's account; a different account gives 403 account_mismatch; a string gives 400 string_account_id_unsupported.
       * @example 1042
       */
      accountId?: number | string;
      /** @description Driver/vehicle pairs (at most 300): FleetSpec objects for new tours, or itineraries as this service returns them (their stops are the search's starting point). Required for plan and createItinerary; for updateItinerary the vehicles added to the target itineraries' (each that gets stops becomes a new itinerary). */
      fleet?: (
        | {
            driverExternalId: string;
            vehicleExternalId: string;
            /** @description A catalog type (car, pickup-truck, cargo-van, sprinter-van, box-truck) or a name mapped to one by options.vehicleMaps. */
            vehicleType: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time with offset, in the years 2000-2100
             */
            scheduledStart: string;
            /** @description Overrides of the vehicle type catalog figures (pounds, cubic inches, hours), and the driver breaks of this vehicle. */
            vehicleSpec?: {
              capacityPounds?: number;
              capacityCubicInches?: number;
              maxStops?: number;
              shiftHours?: number;
              speedFactor?: number;
              fixedCost?: number;
              costPerHour?: number;
              costPerMile?: number;
              /** @description Driver breaks (at most 3), taken in the order of their earliestStart. A vehicle that serves any order takes every one of its breaks; orders that would push a break out of its window are left unassigned. plan and run only: book refuses them. */
              breaks?: {
                /**
                 * Format: date-time
                 * @description The break starts no earlier than this.
                 */
                earliestStart: string;
                /**
                 * Format: date-time
                 * @description The break ends no later than this.
                 */
                latestEnd: string;
                /** @description Whole minutes, taken in one piece (1-720). */
                durationMinutes: number;
              }[];
            };
            routeSkills?: string[];
            externalId?: string;
            meta?: {
              [key: string]: unknown;
            };
            /** @description Where the route starts (a depot). Omitted: the route starts at its first stop. */
            startAddress?: {
              addressLine1?: string;
              city?: string;
              state?: string;
              postalCode?: string;
              latitude?: string;
              longitude?: string;
            };
            /** @description Where the route must end. Omitted: the route ends at its last stop. */
            endAddress?: {
              addressLine1?: string;
              city?: string;
              state?: string;
              postalCode?: string;
              latitude?: string;
              longitude?: string;
            };
          }
        | {
            driverExternalId: string;
            vehicleExternalId: string;
            /** @description A catalog type (car, pickup-truck, cargo-van, sprinter-van, box-truck) or a name mapped to one by options.vehicleMaps. */
            vehicleType: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time with offset, in the years 2000-2100
             */
            scheduledStart: string;
            /** @description Overrides of the vehicle type catalog figures (pounds, cubic inches, hours), and the driver breaks of this vehicle. */
            vehicleSpec?: {
              capacityPounds?: number;
              capacityCubicInches?: number;
              maxStops?: number;
              shiftHours?: number;
              speedFactor?: number;
              fixedCost?: number;
              costPerHour?: number;
              costPerMile?: number;
              /** @description Driver breaks (at most 3), taken in the order of their earliestStart. A vehicle that serves any order takes every one of its breaks; orders that would push a break out of its window are left unassigned. plan and run only: book refuses them. */
              breaks?: {
                /**
                 * Format: date-time
                 * @description The break starts no earlier than this.
                 */
                earliestStart: string;
                /**
                 * Format: date-time
                 * @description The break ends no later than this.
                 */
                latestEnd: string;
                /** @description Whole minutes, taken in one piece (1-720). */
                durationMinutes: number;
              }[];
            };
            routeSkills?: string[];
            meta?: {
              [key: string]: unknown;
            };
            /** @description The depot (start) or required end of the itinerary: its coordinates define the vehicle’s start or end. */
            start?: {
              address?: {
                addressLine1?: string;
                city?: string;
                state?: string;
                postalCode?: string;
              };
              latitude: number;
              longitude: number;
              /** @description Output-only: accepted and ignored. */
              departure?: unknown;
              /** @description Output-only: accepted and ignored. */
              arrival?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDistanceMeters?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDurationSeconds?: unknown;
            } | null;
            /** @description The depot (start) or required end of the itinerary: its coordinates define the vehicle’s start or end. */
            end?: {
              address?: {
                addressLine1?: string;
                city?: string;
                state?: string;
                postalCode?: string;
              };
              latitude: number;
              longitude: number;
              /** @description Output-only: accepted and ignored. */
              departure?: unknown;
              /** @description Output-only: accepted and ignored. */
              arrival?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDistanceMeters?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDurationSeconds?: unknown;
            } | null;
            /** @description The starting sequence: each stop’s orders must be orders of the request; the search may improve it unless lockedStops pins it. */
            itineraryStops: {
              /**
               * @description `break` stops are ignored: breaks come from vehicleSpec.breaks.
               * @enum {string}
               */
              type: 'pickup' | 'dropoff' | 'break';
              /** @description Orders of the request served at this stop. */
              orderExternalIds: string[];
              /** @description Output-only: accepted and ignored. */
              stopNumber?: unknown;
              /** @description Output-only: accepted and ignored. */
              address?: unknown;
              /** @description Output-only: accepted and ignored. */
              latitude?: unknown;
              /** @description Output-only: accepted and ignored. */
              longitude?: unknown;
              /** @description Output-only: accepted and ignored. */
              arrival?: unknown;
              /** @description Output-only: accepted and ignored. */
              departure?: unknown;
              /** @description Output-only: accepted and ignored. */
              waitSeconds?: unknown;
              /** @description Output-only: accepted and ignored. */
              serviceSeconds?: unknown;
              /** @description Output-only: accepted and ignored. */
              windowOpen?: unknown;
              /** @description Output-only: accepted and ignored. */
              windowClose?: unknown;
              /** @description Output-only: accepted and ignored. */
              load?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDistanceMeters?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDurationSeconds?: unknown;
            }[];
            /** @description Output-only: accepted and ignored. */
            externalId?: unknown;
            /** @description Output-only: accepted and ignored. */
            id?: unknown;
            /** @description Output-only: accepted and ignored. */
            accountId?: unknown;
            /** @description Output-only: accepted and ignored. */
            environment?: unknown;
            /** @description Output-only: accepted and ignored. */
            problemId?: unknown;
            /** @description Output-only: accepted and ignored. */
            date?: unknown;
            /** @description Output-only: accepted and ignored. */
            routeStart?: unknown;
            /** @description Output-only: accepted and ignored. */
            routeEnd?: unknown;
            /** @description Output-only: accepted and ignored. */
            totals?: unknown;
            /** @description Output-only: accepted and ignored. */
            createdAt?: unknown;
            /** @description Output-only: accepted and ignored. */
            updatedAt?: unknown;
            /** @description Output-only: accepted and ignored. */
            changes?: unknown;
          }
      )[];
      /** @description updateItinerary: ids of the booked itineraries to re-optimize. */
      targetItineraryIds?: number[];
      /** @description Per-request routing options; merged over the service defaults and the account’s effective (inherited) optimization settings. */
      options?: {
        /** @description MIN_DURATION (default), MIN_MAX_TRAVEL_COST_DISTANCE, MIN_VEHICLE_AVOID_TOUR_OVERLAP, MIN_VEHICLE_UTILIZATION, or the optimizer-specific MIN_VEHICLES_THEN_DISTANCE, MIN_COST. */
        objective?: string;
        /** @enum {string} */
        trafficMode?: 'automatic' | 'none';
        enableStopClustering?: boolean;
        volumeOptimization?: boolean;
        bundlePayloadItems?: boolean;
        tagPriorities?: [string, number][];
        /** @description [vehicleTypeOrExternalId, { vehicleType }] tuples mapping a caller type name or one vehicle to a catalog type. */
        vehicleMaps?: [
          string,
          {
            vehicleType: string;
          },
        ][];
        /** @description [vehicleTypeOrExternalId, vehicleSpec] tuples overriding catalog figures for a type or one vehicle. */
        vehicleSpecOverrides?: [
          string,
          {
            capacityPounds?: number;
            capacityCubicInches?: number;
            maxStops?: number;
            shiftHours?: number;
            speedFactor?: number;
            fixedCost?: number;
            costPerHour?: number;
            costPerMile?: number;
          },
        ][];
        serviceTime?: {
          setupSeconds?: number;
          perItemSeconds?: number;
        };
        solverTimeLimitSeconds?: number;
        /** @description [itineraryExternalId, [{ orderExternalId, type }]] tuples: those stops stay on that itinerary in that relative order. */
        lockedStops?: [
          string,
          {
            orderExternalId: string;
            /** @enum {string} */
            type: 'pickup' | 'dropoff';
          }[],
        ][];
      };
    };
    RoutingPlanResult: {
      problemId: string;
      itineraries: {
        /** @description Index of the fleet entry in the request. */
        fleetIndex: number;
        /** @description The fleet entry’s `externalId`, when it had one. */
        fleetExternalId?: string;
        /** @description The fleet entry’s `meta`, as sent, when it had one. */
        fleetMeta?: {
          [key: string]: unknown;
        };
        /** @description An unpersisted, planned itinerary. */
        itinerary: {
          /** @description <driverExternalId>:<vehicleExternalId> */
          externalId: string;
          driverExternalId: string;
          vehicleExternalId: string;
          /** @description The catalog vehicle type the itinerary was planned with. */
          vehicleType: string;
          /**
           * @description The fleet entry’s scheduled start.
           * @example 2026-11-23T09:30:00-05:00
           */
          scheduledStart: string;
          /**
           * @description Planned departure from the start.
           * @example 2026-11-23T09:30:00-05:00
           */
          routeStart: string;
          /**
           * @description Planned end of the route.
           * @example 2026-11-23T09:30:00-05:00
           */
          routeEnd: string;
          /** @description The depot; null when the fleet entry has no startAddress (the route starts at its first stop). */
          start: {
            address: {
              addressLine1: string;
              city: string;
              state: string;
              postalCode: string;
            };
            latitude: number;
            longitude: number;
            /**
             * @description Planned departure (routeStart).
             * @example 2026-11-23T09:30:00-05:00
             */
            departure: string;
          } | null;
          itineraryStops: {
            /** @description 1-based number of the visit; null for a driver break (breaks are not numbered visits). */
            stopNumber: number | null;
            /** @description For a break: the place the vehicle is (the depot before the first visit, else the last visit). */
            address: {
              addressLine1: string;
              city: string;
              state: string;
              postalCode: string;
            };
            /**
             * @description `break`: a driver break (fleet vehicleSpec.breaks), in stop order where it is taken: arrival is when the vehicle is ready for it, departure when it ends; serviceSeconds is its length, waitSeconds the wait for its window, windowOpen and windowClose the earliest and latest start; no orders, no leg.
             * @enum {string}
             */
            type: 'pickup' | 'dropoff' | 'break';
            /** @description Orders served at this stop (several when bundled or clustered; none for a break). */
            orderExternalIds: string[];
            latitude: number;
            longitude: number;
            /**
             * @description ISO 8601 date-time with the offset of the place’s time zone
             * @example 2026-11-23T09:30:00-05:00
             */
            arrival: string;
            /**
             * @description ISO 8601 date-time with the offset of the place’s time zone
             * @example 2026-11-23T09:30:00-05:00
             */
            departure: string;
            /** @description Waiting for the window to open. */
            waitSeconds: number;
            /** @description As charged: the per-item handling time, plus the setup where the stop before is at another place (more than 25 m away) or this is the first stop. */
            serviceSeconds: number;
            /**
             * @description Earliest start of service; null when open.
             * @example 2026-11-23T09:30:00-05:00
             */
            windowOpen: string | null;
            /**
             * @description Latest start of service; null when open.
             * @example 2026-11-23T09:30:00-05:00
             */
            windowClose: string | null;
            /** @description On board after this stop. */
            load: {
              pounds: number;
              cubicInches: number;
            };
            legDistanceMeters: number;
            legDurationSeconds: number;
          }[];
          /** @description The required end; null when the fleet entry has no endAddress (the route ends at its last stop). The stops’ legs plus this leg add up to the totals. */
          end: {
            address: {
              addressLine1: string;
              city: string;
              state: string;
              postalCode: string;
            };
            latitude: number;
            longitude: number;
            /**
             * @description Planned arrival (routeEnd).
             * @example 2026-11-23T09:30:00-05:00
             */
            arrival: string;
            /** @description From the last stop to here. */
            legDistanceMeters: number;
            /** @description From the last stop’s departure to here. */
            legDurationSeconds: number;
          } | null;
          totals: {
            distanceMeters: number;
            /** @description From departure to the end of the route. */
            durationSeconds: number;
            travelSeconds: number;
            serviceSeconds: number;
            /** @description Waiting for stop windows (and break windows) to open. */
            waitingSeconds: number;
            /** @description Driver breaks taken; present only when the itinerary has some. durationSeconds = travel + service + waiting + breaks. */
            breakSeconds?: number;
          };
        };
      }[];
      unassigned: {
        externalId: string;
        reasons: {
          /**
           * @description See the reason codes in the routing section of docs/decisions.md.
           * @enum {string}
           */
          code:
            | 'NO_VEHICLE_WITH_SKILLS'
            | 'EXCEEDS_VEHICLE_CAPACITY'
            | 'TIME_WINDOW_UNREACHABLE'
            | 'INVALID_TIME_WINDOW'
            | 'OUTSIDE_SHIFT'
            | 'ADDRESS_NOT_RESOLVED'
            | 'LOCKED_STOP_CONFLICT'
            | 'INSUFFICIENT_FLEET';
          /** @description Names the limiting fact. */
          description: string;
          /** @description The smallest change found that would let the order in, checked by the solver: with it applied, the order can be inserted into the planned itineraries (or served by the added vehicle) without moving any other order out. Absent when none was found. One change alone; fixes of different orders are independent. See docs/decisions.md. */
          fix?:
            | {
                /** @enum {string} */
                kind: 'widen_window';
                /** @description The change in words, e.g. “A dropoff window closing 25 min later (at 2026-11-23T14:20:00-05:00) would let the order in.” */
                description: string;
                /** @enum {string} */
                side: 'pickup' | 'dropoff';
                /**
                 * @description `close`: the window closes later; `open`: it opens earlier.
                 * @enum {string}
                 */
                bound: 'open' | 'close';
                /** @description How much later it closes (or earlier it opens), in whole minutes. */
                minutes: number;
                /**
                 * @description The order field to change.
                 * @enum {string}
                 */
                field: 'pickupWindowOpen' | 'pickupWindowClose' | 'dropoffWindowOpen' | 'dropoffWindowClose';
                /**
                 * @description Its new value.
                 * @example 2026-11-23T09:30:00-05:00
                 */
                value: string;
              }
            | {
                /** @enum {string} */
                kind: 'extend_shift';
                /** @description The change in words, e.g. “A dropoff window closing 25 min later (at 2026-11-23T14:20:00-05:00) would let the order in.” */
                description: string;
                /** @description The `vehicleExternalId` of the fleet entry to change. */
                vehicleExternalId: string;
                /** @description How much later the shift ends, in whole minutes. */
                minutes: number;
                /**
                 * @description The new end of the shift.
                 * @example 2026-11-23T09:30:00-05:00
                 */
                shiftEnd: string;
                /** @description The `vehicleSpec.shiftHours` that gives that end. */
                shiftHours: number;
              }
            | {
                /** @enum {string} */
                kind: 'add_capacity';
                /** @description The change in words, e.g. “A dropoff window closing 25 min later (at 2026-11-23T14:20:00-05:00) would let the order in.” */
                description: string;
                /** @description The `vehicleExternalId` of the fleet entry to change. */
                vehicleExternalId: string;
                /** @description Weight capacity to add (0 when weight does not bind). */
                pounds: number;
                /** @description Volume capacity to add (0 when volume does not bind; volume binds only with volumeOptimization). */
                cubicInches: number;
                /** @description The new `vehicleSpec.capacityPounds`. */
                capacityPounds: number;
                /** @description The new `vehicleSpec.capacityCubicInches`. */
                capacityCubicInches: number;
              }
            | {
                /** @enum {string} */
                kind: 'add_skill';
                /** @description The change in words, e.g. “A dropoff window closing 25 min later (at 2026-11-23T14:20:00-05:00) would let the order in.” */
                description: string;
                /** @description The `vehicleExternalId` of the fleet entry to change. */
                vehicleExternalId: string;
                /** @description Skills to add to that fleet entry’s `routeSkills`. */
                skills: string[];
              }
            | {
                /** @enum {string} */
                kind: 'add_vehicle';
                /** @description The change in words, e.g. “A dropoff window closing 25 min later (at 2026-11-23T14:20:00-05:00) would let the order in.” */
                description: string;
                /** @description Catalog type of the vehicle to add. */
                vehicleType: string;
                /** @description The fleet entry it copies: scheduled start, depot, end and skills. */
                likeVehicleExternalId: string;
                /** @description The fleet entry to append to `fleet` (a FleetSpec with the full `vehicleSpec` it was checked with); its `driverExternalId` and `vehicleExternalId` are placeholders to replace with real ones. */
                fleetEntry: {
                  [key: string]: unknown;
                };
              };
        }[];
      }[];
      /** @description Totals of the whole result. */
      summary: {
        /** @description Itineraries in the result (vehicles that got stops). */
        vehiclesUsed: number;
        ordersServed: number;
        ordersUnassigned: number;
        /** @description Sum of the itineraries’ totals. */
        distanceMeters: number;
        /** @description Sum of the itineraries’ totals. */
        durationSeconds: number;
      };
    };
    RoutingRunRequest: {
      /**
       * @description Required; `plan` (run never writes).
       * @enum {string}
       */
      mode: 'plan';
      /**
       * @description Caller-generated idempotency key and public job id.
       * @example plan-2026-11-23-brooklyn
       */
      problemId: string;
      /** @description Shipments to assign (at most 2000). */
      orders: {
        /** @description Stable shipment ID; keys unassigned reasons and stops. */
        externalId: string;
        /** @description A place. With latitude and longitude (decimal degrees as strings) geocoding is skipped; otherwise the address is geocoded. */
        pickupAddress?: {
          addressLine1?: string;
          city?: string;
          state?: string;
          postalCode?: string;
          latitude?: string;
          longitude?: string;
        };
        /** @description A place. With latitude and longitude (decimal degrees as strings) geocoding is skipped; otherwise the address is geocoded. */
        dropoffAddress?: {
          addressLine1?: string;
          city?: string;
          state?: string;
          postalCode?: string;
          latitude?: string;
          longitude?: string;
        };
        /**
         * Format: date-time
         * @description ISO 8601 date-time with offset, in the years 2000-2100
         */
        pickupWindowOpen?: string;
        /**
         * Format: date-time
         * @description ISO 8601 date-time with offset, in the years 2000-2100
         */
        pickupWindowClose?: string;
        /**
         * Format: date-time
         * @description ISO 8601 date-time with offset, in the years 2000-2100
         */
        dropoffWindowOpen?: string;
        /**
         * Format: date-time
         * @description ISO 8601 date-time with offset, in the years 2000-2100
         */
        dropoffWindowClose?: string;
        payloadItems?: {
          description?: string;
          /** @description Inches */
          height?: number;
          /** @description Inches */
          length?: number;
          /** @description Inches */
          width?: number;
          /** @description Pounds, per item */
          weight?: number;
          /** @default 1 */
          quantity: number;
          id?: string;
        }[];
        customTags?: {
          name: string;
        }[];
        /** @description Skills the serving vehicle must provide; a vehicle serves the order only if its routeSkills contain them all. */
        requiredSkills?: string[];
      }[];
      /**
       * @description Numeric internal account ID. Defaults to the authenticated credential's account; a different account gives 403 account_mismatch; a string gives 400 string_account_id_unsupported.
       * @example 1042
       */
      accountId?: number | string;
      /** @description Driver/vehicle pairs (at most 300): FleetSpec objects for new tours, or itineraries as this service returns them (their stops are the search's starting point). Required for plan and createItinerary; for updateItinerary the vehicles added to the target itineraries' (each that gets stops becomes a new itinerary). */
      fleet?: (
        | {
            driverExternalId: string;
            vehicleExternalId: string;
            /** @description A catalog type (car, pickup-truck, cargo-van, sprinter-van, box-truck) or a name mapped to one by options.vehicleMaps. */
            vehicleType: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time with offset, in the years 2000-2100
             */
            scheduledStart: string;
            /** @description Overrides of the vehicle type catalog figures (pounds, cubic inches, hours), and the driver breaks of this vehicle. */
            vehicleSpec?: {
              capacityPounds?: number;
              capacityCubicInches?: number;
              maxStops?: number;
              shiftHours?: number;
              speedFactor?: number;
              fixedCost?: number;
              costPerHour?: number;
              costPerMile?: number;
              /** @description Driver breaks (at most 3), taken in the order of their earliestStart. A vehicle that serves any order takes every one of its breaks; orders that would push a break out of its window are left unassigned. plan and run only: book refuses them. */
              breaks?: {
                /**
                 * Format: date-time
                 * @description The break starts no earlier than this.
                 */
                earliestStart: string;
                /**
                 * Format: date-time
                 * @description The break ends no later than this.
                 */
                latestEnd: string;
                /** @description Whole minutes, taken in one piece (1-720). */
                durationMinutes: number;
              }[];
            };
            routeSkills?: string[];
            externalId?: string;
            meta?: {
              [key: string]: unknown;
            };
            /** @description Where the route starts (a depot). Omitted: the route starts at its first stop. */
            startAddress?: {
              addressLine1?: string;
              city?: string;
              state?: string;
              postalCode?: string;
              latitude?: string;
              longitude?: string;
            };
            /** @description Where the route must end. Omitted: the route ends at its last stop. */
            endAddress?: {
              addressLine1?: string;
              city?: string;
              state?: string;
              postalCode?: string;
              latitude?: string;
              longitude?: string;
            };
          }
        | {
            driverExternalId: string;
            vehicleExternalId: string;
            /** @description A catalog type (car, pickup-truck, cargo-van, sprinter-van, box-truck) or a name mapped to one by options.vehicleMaps. */
            vehicleType: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time with offset, in the years 2000-2100
             */
            scheduledStart: string;
            /** @description Overrides of the vehicle type catalog figures (pounds, cubic inches, hours), and the driver breaks of this vehicle. */
            vehicleSpec?: {
              capacityPounds?: number;
              capacityCubicInches?: number;
              maxStops?: number;
              shiftHours?: number;
              speedFactor?: number;
              fixedCost?: number;
              costPerHour?: number;
              costPerMile?: number;
              /** @description Driver breaks (at most 3), taken in the order of their earliestStart. A vehicle that serves any order takes every one of its breaks; orders that would push a break out of its window are left unassigned. plan and run only: book refuses them. */
              breaks?: {
                /**
                 * Format: date-time
                 * @description The break starts no earlier than this.
                 */
                earliestStart: string;
                /**
                 * Format: date-time
                 * @description The break ends no later than this.
                 */
                latestEnd: string;
                /** @description Whole minutes, taken in one piece (1-720). */
                durationMinutes: number;
              }[];
            };
            routeSkills?: string[];
            meta?: {
              [key: string]: unknown;
            };
            /** @description The depot (start) or required end of the itinerary: its coordinates define the vehicle’s start or end. */
            start?: {
              address?: {
                addressLine1?: string;
                city?: string;
                state?: string;
                postalCode?: string;
              };
              latitude: number;
              longitude: number;
              /** @description Output-only: accepted and ignored. */
              departure?: unknown;
              /** @description Output-only: accepted and ignored. */
              arrival?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDistanceMeters?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDurationSeconds?: unknown;
            } | null;
            /** @description The depot (start) or required end of the itinerary: its coordinates define the vehicle’s start or end. */
            end?: {
              address?: {
                addressLine1?: string;
                city?: string;
                state?: string;
                postalCode?: string;
              };
              latitude: number;
              longitude: number;
              /** @description Output-only: accepted and ignored. */
              departure?: unknown;
              /** @description Output-only: accepted and ignored. */
              arrival?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDistanceMeters?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDurationSeconds?: unknown;
            } | null;
            /** @description The starting sequence: each stop’s orders must be orders of the request; the search may improve it unless lockedStops pins it. */
            itineraryStops: {
              /**
               * @description `break` stops are ignored: breaks come from vehicleSpec.breaks.
               * @enum {string}
               */
              type: 'pickup' | 'dropoff' | 'break';
              /** @description Orders of the request served at this stop. */
              orderExternalIds: string[];
              /** @description Output-only: accepted and ignored. */
              stopNumber?: unknown;
              /** @description Output-only: accepted and ignored. */
              address?: unknown;
              /** @description Output-only: accepted and ignored. */
              latitude?: unknown;
              /** @description Output-only: accepted and ignored. */
              longitude?: unknown;
              /** @description Output-only: accepted and ignored. */
              arrival?: unknown;
              /** @description Output-only: accepted and ignored. */
              departure?: unknown;
              /** @description Output-only: accepted and ignored. */
              waitSeconds?: unknown;
              /** @description Output-only: accepted and ignored. */
              serviceSeconds?: unknown;
              /** @description Output-only: accepted and ignored. */
              windowOpen?: unknown;
              /** @description Output-only: accepted and ignored. */
              windowClose?: unknown;
              /** @description Output-only: accepted and ignored. */
              load?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDistanceMeters?: unknown;
              /** @description Output-only: accepted and ignored. */
              legDurationSeconds?: unknown;
            }[];
            /** @description Output-only: accepted and ignored. */
            externalId?: unknown;
            /** @description Output-only: accepted and ignored. */
            id?: unknown;
            /** @description Output-only: accepted and ignored. */
            accountId?: unknown;
            /** @description Output-only: accepted and ignored. */
            environment?: unknown;
            /** @description Output-only: accepted and ignored. */
            problemId?: unknown;
            /** @description Output-only: accepted and ignored. */
            date?: unknown;
            /** @description Output-only: accepted and ignored. */
            routeStart?: unknown;
            /** @description Output-only: accepted and ignored. */
            routeEnd?: unknown;
            /** @description Output-only: accepted and ignored. */
            totals?: unknown;
            /** @description Output-only: accepted and ignored. */
            createdAt?: unknown;
            /** @description Output-only: accepted and ignored. */
            updatedAt?: unknown;
            /** @description Output-only: accepted and ignored. */
            changes?: unknown;
          }
      )[];
      /** @description updateItinerary: ids of the booked itineraries to re-optimize. */
      targetItineraryIds?: number[];
      /** @description Per-request routing options; merged over the service defaults and the account’s effective (inherited) optimization settings. */
      options?: {
        /** @description MIN_DURATION (default), MIN_MAX_TRAVEL_COST_DISTANCE, MIN_VEHICLE_AVOID_TOUR_OVERLAP, MIN_VEHICLE_UTILIZATION, or the optimizer-specific MIN_VEHICLES_THEN_DISTANCE, MIN_COST. */
        objective?: string;
        /** @enum {string} */
        trafficMode?: 'automatic' | 'none';
        enableStopClustering?: boolean;
        volumeOptimization?: boolean;
        bundlePayloadItems?: boolean;
        tagPriorities?: [string, number][];
        /** @description [vehicleTypeOrExternalId, { vehicleType }] tuples mapping a caller type name or one vehicle to a catalog type. */
        vehicleMaps?: [
          string,
          {
            vehicleType: string;
          },
        ][];
        /** @description [vehicleTypeOrExternalId, vehicleSpec] tuples overriding catalog figures for a type or one vehicle. */
        vehicleSpecOverrides?: [
          string,
          {
            capacityPounds?: number;
            capacityCubicInches?: number;
            maxStops?: number;
            shiftHours?: number;
            speedFactor?: number;
            fixedCost?: number;
            costPerHour?: number;
            costPerMile?: number;
          },
        ][];
        serviceTime?: {
          setupSeconds?: number;
          perItemSeconds?: number;
        };
        solverTimeLimitSeconds?: number;
        /** @description [itineraryExternalId, [{ orderExternalId, type }]] tuples: those stops stay on that itinerary in that relative order. */
        lockedStops?: [
          string,
          {
            orderExternalId: string;
            /** @enum {string} */
            type: 'pickup' | 'dropoff';
          }[],
        ][];
      };
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  health: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Up. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            status: 'ok';
            uptimeSeconds: number;
          };
        };
      };
      /** @description `internal_error`: Unexpected failure; safe to retry. The message carries the request id to report. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  readiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Ready. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            status: 'ready';
            checks: {
              [key: string]: string;
            };
          };
        };
      };
      /** @description `internal_error`: Unexpected failure; safe to retry. The message carries the request id to report. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not ready: `{ "status": "unavailable", "checks": {...} }`. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  metrics: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description text/plain; version=0.0.4 */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description METRICS_TOKEN is configured and the request did not carry it. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No METRICS_TOKEN is configured and the client is not on the server machine. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `internal_error`: Unexpected failure; safe to retry. The message carries the request id to report. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  openapi: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document. */
      200: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `internal_error`: Unexpected failure; safe to retry. The message carries the request id to report. */
      500: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  routingRun: {
    parameters: {
      query?: never;
      header?: {
        /** @description `wait=N` (RFC 7240): how long to wait for the result before answering 202, 0 to 120 seconds (default 30). */
        Prefer?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RoutingRunRequest'];
      };
    };
    responses: {
      /** @description The plan: planned itineraries and unassigned orders. */
      200: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          /** @description Echoes `wait=N` when the request sent `Prefer: wait=N` (RFC 7240). */
          'Preference-Applied'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RoutingPlanResult'];
        };
      };
      /** @description Still optimizing; poll `statusUrl`. */
      202: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          /** @description Echoes `wait=N` when the request sent `Prefer: wait=N` (RFC 7240). */
          'Preference-Applied'?: string;
          /** @description Seconds to wait before polling. */
          'Retry-After'?: string;
          /** @description The statusUrl. */
          Location?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RoutingJobPending'];
        };
      };
      /**
       * @description `invalid_input`: The body is not JSON, Content-Type is not application/json (param `Content-Type`), a field has the wrong shape, or an unknown field was sent (param names it).
       *
       *     `string_account_id_unsupported`: accountId was a string; send the numeric id or omit it.
       *
       *     `invalid_routing_input`: Routing-specific validation failed; `param` names the field: `fleet` missing for plan/createItinerary, `problemId` reused with a different body while its job is retained, an unknown objective (the message lists the accepted values), an unknown vehicle type, a duplicate order externalId, a lockedStops entry naming an unknown itinerary or order, an unlocatable depot address, `targetItineraryIds` unknown or foreign.
       */
      400: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `unauthenticated`: No valid credentials (missing, malformed, unknown, revoked or wrong).
       *
       *     `no_account_for_user`: The authenticated user has no default account.
       */
      401: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `account_mismatch`: accountId differs from the credential's account. */
      403: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `not_found`: No such endpoint: this path does not serve the method (after authentication). Methods no route serves at all (TRACE, OPTIONS) answer 405 `method_not_allowed`. */
      404: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `request_too_large`: The body exceeds the size limit (5 MB by default). */
      413: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `enqueue_failed`: The job could not be enqueued. Safe to retry with the same problemId.
       *
       *     `optimization_failed`: The optimizer returned no usable result. Safe to retry with the same problemId (an identical retry re-runs the failed job).
       *
       *     `unknown_job_state`: The job ended in an unexpected state. Safe to retry.
       *
       *     `internal_error`: Unexpected failure; safe to retry. The message carries the request id to report.
       */
      500: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  routingPlan: {
    parameters: {
      query?: never;
      header?: {
        /** @description `wait=N` (RFC 7240): how long to wait for the result before answering 202, 0 to 120 seconds (default 30). */
        Prefer?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RoutingPlanRequest'];
      };
    };
    responses: {
      /** @description The plan: planned itineraries and unassigned orders; for `updateItinerary`, the preview: the result book would give, with `changes`. */
      200: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          /** @description Echoes `wait=N` when the request sent `Prefer: wait=N` (RFC 7240). */
          'Preference-Applied'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RoutingPlanResult'] | components['schemas']['RoutingBookResult'];
        };
      };
      /** @description Still optimizing; poll `statusUrl`. */
      202: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          /** @description Echoes `wait=N` when the request sent `Prefer: wait=N` (RFC 7240). */
          'Preference-Applied'?: string;
          /** @description Seconds to wait before polling. */
          'Retry-After'?: string;
          /** @description The statusUrl. */
          Location?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RoutingJobPending'];
        };
      };
      /**
       * @description `invalid_input`: The body is not JSON, Content-Type is not application/json (param `Content-Type`), a field has the wrong shape, or an unknown field was sent (param names it).
       *
       *     `string_account_id_unsupported`: accountId was a string; send the numeric id or omit it.
       *
       *     `invalid_routing_input`: Routing-specific validation failed; `param` names the field: `fleet` missing for plan/createItinerary, `problemId` reused with a different body while its job is retained, an unknown objective (the message lists the accepted values), an unknown vehicle type, a duplicate order externalId, a lockedStops entry naming an unknown itinerary or order, an unlocatable depot address, `targetItineraryIds` unknown or foreign.
       */
      400: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `unauthenticated`: No valid credentials (missing, malformed, unknown, revoked or wrong).
       *
       *     `no_account_for_user`: The authenticated user has no default account.
       */
      401: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `account_mismatch`: accountId differs from the credential's account. */
      403: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `not_found`: No such endpoint: this path does not serve the method (after authentication). Methods no route serves at all (TRACE, OPTIONS) answer 405 `method_not_allowed`. */
      404: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `request_too_large`: The body exceeds the size limit (5 MB by default). */
      413: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `enqueue_failed`: The job could not be enqueued. Safe to retry with the same problemId.
       *
       *     `optimization_failed`: The optimizer returned no usable result. Safe to retry with the same problemId (an identical retry re-runs the failed job).
       *
       *     `unknown_job_state`: The job ended in an unexpected state. Safe to retry.
       *
       *     `internal_error`: Unexpected failure; safe to retry. The message carries the request id to report.
       */
      500: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  routingBook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RoutingBookRequest'];
      };
    };
    responses: {
      /** @description The persisted itineraries and unassigned orders. */
      200: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RoutingBookResult'];
        };
      };
      /**
       * @description `invalid_input`: The body is not JSON, Content-Type is not application/json (param `Content-Type`), a field has the wrong shape, or an unknown field was sent (param names it).
       *
       *     `string_account_id_unsupported`: accountId was a string; send the numeric id or omit it.
       *
       *     `invalid_routing_input`: Routing-specific validation failed; `param` names the field: `fleet` missing for plan/createItinerary, `problemId` reused with a different body while its job is retained, an unknown objective (the message lists the accepted values), an unknown vehicle type, a duplicate order externalId, a lockedStops entry naming an unknown itinerary or order, an unlocatable depot address, `targetItineraryIds` unknown or foreign.
       */
      400: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `unauthenticated`: No valid credentials (missing, malformed, unknown, revoked or wrong).
       *
       *     `no_account_for_user`: The authenticated user has no default account.
       */
      401: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `account_mismatch`: accountId differs from the credential's account. */
      403: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `not_found`: No such endpoint: this path does not serve the method (after authentication). Methods no route serves at all (TRACE, OPTIONS) answer 405 `method_not_allowed`. */
      404: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `request_too_large`: The body exceeds the size limit (5 MB by default). */
      413: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `enqueue_failed`: The job could not be enqueued. Safe to retry with the same problemId.
       *
       *     `optimization_failed`: The optimizer returned no usable result. Safe to retry with the same problemId (an identical retry re-runs the failed job).
       *
       *     `unknown_job_state`: The job ended in an unexpected state. Safe to retry.
       *
       *     `book_failed`: Writing the itineraries failed after optimization; nothing was written. Safe to retry.
       *
       *     `internal_error`: Unexpected failure; safe to retry. The message carries the request id to report.
       */
      500: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  routingJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The problemId of the run, plan or book request. */
        problemId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job’s result (RoutingPlanResult or RoutingBookResult). */
      200: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RoutingPlanResult'] | components['schemas']['RoutingBookResult'];
        };
      };
      /** @description Still processing. */
      202: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          /** @description Seconds to wait before polling again. */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            status: 'processing';
          };
        };
      };
      /** @description `invalid_job_id`: The job id is missing or empty. */
      400: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `unauthenticated`: No valid credentials (missing, malformed, unknown, revoked or wrong).
       *
       *     `no_account_for_user`: The authenticated user has no default account.
       */
      401: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `job_not_found`: No job with that id for this account and environment, or it expired (30 minutes after finishing).
       *
       *     `not_found`: No such endpoint: this path does not serve the method (after authentication). Methods no route serves at all (TRACE, OPTIONS) answer 405 `method_not_allowed`.
       */
      404: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `optimization_failed`: The job failed: the optimizer returned no usable result. Retry the original request with the same problemId.
       *
       *     `book_failed`: The book job failed writing its itineraries; nothing was written. Retry the original request.
       *
       *     `enqueue_failed`: The job could not be enqueued. Retry the original request.
       *
       *     `unknown_job_state`: The job ended in an unexpected state (e.g. canceled).
       *
       *     `job_lookup_failed`: Reading the job store failed; poll again.
       *
       *     `internal_error`: Unexpected failure; safe to retry. The message carries the request id to report.
       */
      500: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listItineraries: {
    parameters: {
      query: {
        /** @description Local date of the itineraries’ scheduled start. */
        date: string;
        /** @description Only this account (it must be the caller’s account or one of its branches). */
        accountId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The itineraries, by scheduled start. */
      200: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ItineraryList'];
        };
      };
      /** @description `invalid_input`: `date` is missing or not YYYY-MM-DD, `accountId` is not numeric, or an unknown query parameter was sent (param names it). */
      400: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `unauthenticated`: No valid credentials (missing, malformed, unknown, revoked or wrong).
       *
       *     `no_account_for_user`: The authenticated user has no default account.
       */
      401: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `account_mismatch`: accountId is neither the caller’s account nor one of its branches. */
      403: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `not_found`: No such endpoint: this path does not serve the method (after authentication). Methods no route serves at all (TRACE, OPTIONS) answer 405 `method_not_allowed`. */
      404: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `internal_error`: Unexpected failure; safe to retry. The message carries the request id to report. */
      500: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getItinerary: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Itinerary id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The itinerary with its stops. */
      200: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Itinerary'];
        };
      };
      /**
       * @description `unauthenticated`: No valid credentials (missing, malformed, unknown, revoked or wrong).
       *
       *     `no_account_for_user`: The authenticated user has no default account.
       */
      401: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `itinerary_not_found`: No such itinerary for this account subtree and environment (another account’s reads the same).
       *
       *     `not_found`: No such endpoint: this path does not serve the method (after authentication). Methods no route serves at all (TRACE, OPTIONS) answer 405 `method_not_allowed`.
       */
      404: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `internal_error`: Unexpected failure; safe to retry. The message carries the request id to report. */
      500: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  bookingRecommend: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BookingRecommendRequest'];
      };
    };
    responses: {
      /** @description The search was accepted (or an identical one is returned). */
      202: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          /** @description The poll URL, `/v1/booking/jobs/{jobId}`. */
          Location?: string;
          /** @description Seconds to wait before the first poll (2). */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BookingHandle'];
        };
      };
      /**
       * @description `invalid_input`: The body is not JSON, Content-Type is not application/json (param `Content-Type`), a field has the wrong shape, or an unknown field was sent (param names it).
       *
       *     `branch_not_found`: No account with that fulfillingBranchId.
       *
       *     `origin_unresolved`: No usable pickup origin: none sent, no pickup override on the account, no location on the branch, or the address cannot be located.
       *
       *     `timezone_not_found`: The destination postal code has no known time zone.
       *
       *     `date_out_of_range`: The date is before today or beyond the bookable horizon (destination local time). `error.earliestDate` and `error.latestDate` give the bookable range.
       *
       *     `date_blackout`: The date is a blackout date of the slot policy. `error.nextDate`: the next bookable date (absent when none is left in the horizon).
       *
       *     `timeframe_bucket_not_available`: The bucket is not among the slot policy’s available buckets (checked before the lead time). `error.availableBuckets` lists them.
       *
       *     `lead_time_not_met`: With the lead time no hour of any available bucket is left on that date. `error.earliestStart`: the earliest delivery start (ISO 8601, destination offset). When only the requested bucket is gone, the search runs and answers empty with `fallbackReason: "no_hours_left"`.
       *
       *     `invalid_input`: The body failed validation, naming the field in `param`: e.g. a `deliveryMethod` that is neither a catalog vehicle type nor one the account maps in `vehicleMaps` (`param: "deliveryMethod"`), or malformed destination coordinates.
       *
       *     `same_day_cutoff_passed`: Same-day booking closed at the slot policy's cutoff (destination local time). `error.nextDate`: the next bookable date.
       */
      400: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `unauthenticated`: No valid credentials (missing, malformed, unknown, revoked or wrong).
       *
       *     `no_account_for_user`: The authenticated user has no default account.
       */
      401: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `branch_out_of_scope`: The branch is outside the API key's account tree. */
      403: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `not_found`: No such endpoint: this path does not serve the method (after authentication). Methods no route serves at all (TRACE, OPTIONS) answer 405 `method_not_allowed`. */
      404: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `request_too_large`: The body exceeds the size limit (5 MB by default). */
      413: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `rate_limited`: Too many searches for this account in this environment (live and sandbox have separate buckets; only requests that pass every check above count); `Retry-After` header and `retryAfterSeconds` say when to retry. */
      429: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          /** @description Seconds to wait. */
          'Retry-After'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `input_resolution_failed`: The geocoder was unavailable. Safe to retry.
       *
       *     `enqueue_failed`: The search could not be enqueued. Safe to retry.
       *
       *     `internal_error`: Unexpected failure; safe to retry. The message carries the request id to report.
       */
      500: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  bookingJob: {
    parameters: {
      query?: never;
      header?: {
        /** @description `wait=N` (RFC 7240): wait up to N seconds (at most 30) for the search to finish before answering 202; default 0. */
        Prefer?: string;
      };
      path: {
        jobId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The windows. */
      200: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          /** @description Echoes `wait=N` when the request sent `Prefer: wait=N`. */
          'Preference-Applied'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BookingResult'];
        };
      };
      /** @description Still searching. */
      202: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          /** @description Seconds to wait before polling again. */
          'Retry-After'?: string;
          /** @description Echoes `wait=N` when the request sent `Prefer: wait=N`. */
          'Preference-Applied'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            status: 'processing';
          };
        };
      };
      /**
       * @description `unauthenticated`: No valid credentials (missing, malformed, unknown, revoked or wrong).
       *
       *     `no_account_for_user`: The authenticated user has no default account.
       */
      401: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `job_not_found`: Unknown, expired or another account’s jobId.
       *
       *     `not_found`: No such endpoint: this path does not serve the method (after authentication). Methods no route serves at all (TRACE, OPTIONS) answer 405 `method_not_allowed`.
       */
      404: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /**
       * @description `optimization_failed`: The search found no usable result; retry the recommend request.
       *
       *     `internal_error`: Unexpected failure; safe to retry. The message carries the request id to report.
       */
      500: {
        headers: {
          /** @description The caller's X-Request-Id when plain (1-128 of A-Z a-z 0-9 . _ : -), else a generated UUID. */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
}
