/**
 * A routing-specific problem with the request, found after its shape validated (a missing fleet,
 * an unknown objective or vehicle type, a locked stop naming an unknown order): the route answers
 * 400 `invalid_routing_input` with `param`, the JSON path of the field at fault.
 */
export class RoutingInputError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
    this.name = 'RoutingInputError';
  }
}
