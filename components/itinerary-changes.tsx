/** What an update did to one itinerary (docs/decisions.md, "Routing": `changes`). */
interface ChangedItinerary {
  id: number;
  externalId: string;
  changes?:
    | {
        addedOrderExternalIds: string[];
        removedOrderExternalIds: string[];
        resequenced: boolean;
        maxArrivalShiftSeconds: number;
      }
    | undefined;
}

const list = (ids: readonly string[]) => (ids.length === 0 ? 'none' : ids.join(', '));

/** A shift to the second: minutes matter to a driver, seconds show that something moved at all. */
function shift(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `${seconds} s` : `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** Per vehicle of an update: orders added and removed, resequencing and the largest arrival shift. Nothing for other results. */
export function ItineraryChanges({ itineraries }: { itineraries: readonly ChangedItinerary[] }) {
  const changed = itineraries.filter((i) => i.changes);
  if (changed.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="changes-heading">
      <h2 id="changes-heading">Changes per vehicle</h2>
      <table className="data">
        <caption className="muted">
          What this update did to each itinerary, compared with the booked one it rewrote.
        </caption>
        <thead>
          <tr>
            <th scope="col">Vehicle</th>
            <th scope="col">Added</th>
            <th scope="col">Removed</th>
            <th scope="col">Resequenced</th>
            <th scope="col">Largest arrival shift</th>
          </tr>
        </thead>
        <tbody>
          {changed.map(({ id, externalId, changes }) => (
            <tr key={id} data-testid="itinerary-changes-row">
              <th scope="row">
                {externalId} <span className="muted">#{id}</span>
              </th>
              <td data-testid="changes-added">{list(changes!.addedOrderExternalIds)}</td>
              <td data-testid="changes-removed">{list(changes!.removedOrderExternalIds)}</td>
              <td>{changes!.resequenced ? 'yes' : 'no'}</td>
              <td data-testid="changes-shift">{shift(changes!.maxArrivalShiftSeconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
